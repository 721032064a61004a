#pragma once
// Runs the catalog on a scenario's hosts after editing them: the host builder re-renders the ethtool
// counters from Mlx5Counters, so counters it does not model (the outbound_pci_* gauges, removed
// counter groups) are edited on the built hosts here.
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "host_builder.hpp"

namespace roce::testing {

struct EditedRun {
  model::Host before, now;
  profile::Profile profile;
  std::vector<engine::CheckResult> results;

  /// `edit` is applied to both samples, `edit_now` to the later one only.
  explicit EditedRun(const Scenario& s, const std::function<void(model::Host&)>& edit = {},
                     const std::function<void(model::Host&)>& edit_now = {},
                     profile::Profile p = profile::default_profile())
      : before(s.build_before()), now(s.build_now()), profile(std::move(p)) {
    if (edit) edit(before), edit(now);
    if (edit_now) edit_now(now);
    engine::Context ctx(now, &before, s.dt_seconds, profile);
    results = checks::run_checks(ctx);
  }

  const engine::CheckResult& result(std::string_view id) const {
    for (const auto& r : results)
      if (r.id == id) return r;
    throw std::logic_error("no result for " + std::string(id));
  }
  std::vector<engine::Finding> ranked() const { return engine::ranked_findings(checks::all_checks(), results); }
};

/// "ID [severity] subject: title" per ranked finding, for failure messages.
inline std::string describe(const std::vector<engine::Finding>& ranked) {
  std::string s;
  for (const auto& f : ranked) {
    s += f.id + " [" + engine::to_string(f.severity) + "] " + f.subject.to_string() + ": " + f.title;
    if (!f.caused_by.empty()) {
      s += "  <- caused by";
      for (const auto& c : f.caused_by) s += " " + c;
    }
    s += "\n";
  }
  return s;
}

/// The evidence names of a finding, in order.
inline std::vector<std::string> evidence_names(const engine::Finding& f) {
  std::vector<std::string> names;
  for (const auto& e : f.evidence) names.push_back(e.name);
  return names;
}

}  // namespace roce::testing
