#pragma once
// Helpers of the plan tests: run the configuration checks on a host, find changes in a plan.
#include <set>
#include <string>
#include <vector>

#include "checks/registry.hpp"
#include "engine/context.hpp"
#include "model/host.hpp"
#include "profile/profile.hpp"
#include "tune/plan.hpp"

namespace roce::test {

/// The configuration checks whose findings the plan fixes.
inline const std::set<std::string>& planned_checks() {
  static const std::set<std::string> ids{"QOS-TRUST",    "QOS-DSCP-MAP", "PFC-LOSSLESS", "PFC-EXTRA", "BUF-MAP",
                                         "BUF-HEADROOM", "BUF-CABLE",    "ECN-NIC",      "ECN-RED",   "MTU-ROCE"};
  return ids;
}

/// "ID: title" of every finding of a planned check on this host (configuration only, no rates).
inline std::vector<std::string> planned_findings(const model::Host& host, const profile::Profile& profile) {
  const engine::Context ctx(host, nullptr, 0, profile);
  std::vector<std::string> out;
  for (const auto& result : checks::run_checks(ctx))
    for (const auto& f : result.findings)
      if (planned_checks().count(result.id)) out.push_back(result.id + ": " + f.title);
  return out;
}

inline const tune::Change* find_change(const tune::Plan& plan, system::Knob knob) {
  for (const auto& c : plan.changes)
    if (c.object.knob == knob) return &c;
  return nullptr;
}

inline std::vector<std::string> notes_of(const tune::Plan& plan) {
  std::vector<std::string> out;
  for (const auto& n : plan.notes) out.push_back(n.text());
  return out;
}

}  // namespace roce::test
