#pragma once
// The runs, lookups and host edits that the scenario tests of the link and addressing checks share (LINK-STATE, LINK-
// SPEED, LINK-FLAP, LINK-SIGNAL, GID-ROCEV2, MTU-ROCE, PCIE-LINK).
#include <fstream>
#include <sstream>

#include "captures/text/ethtool_s.hpp"
#include "scenario_prelude.hpp"
#include "support/paths.hpp"

namespace roce::test {

using Catch::Matchers::Contains;
using model::Field;

inline constexpr const char* kLinkChecks[] = {"LINK-STATE", "LINK-SPEED", "LINK-FLAP", "LINK-SIGNAL",
                                              "GID-ROCEV2", "MTU-ROCE",   "PCIE-LINK"};

// Runs the catalog on hosts built (and edited) by the test, for changes the scenario builder
// cannot express: a field or counter that differs between the samples, or a counter removed.
struct HostRun {
  HostRun(const model::Host& now, const model::Host* before, double dt, profile::Profile p = profile::default_profile())
      : profile(std::move(p)) {
    engine::Context ctx(now, before, dt, profile);
    results = checks::run_checks(ctx);
  }
  profile::Profile profile;
  std::vector<engine::CheckResult> results;
  const engine::CheckResult& result(std::string_view id) const {
    for (const auto& r : results)
      if (r.id == id) return r;
    throw std::logic_error("no result for " + std::string(id));
  }
};

inline std::string describe(const engine::CheckResult& r) {
  std::string s = r.id + " " + engine::to_string(r.status) + " " + r.skipped_reason + "\n";
  for (const auto& f : r.findings) s += "  [" + std::string(engine::to_string(f.severity)) + "] " + f.title + "\n";
  for (const auto& n : r.notes) s += "  note: " + n + "\n";
  return s;
}

inline engine::Finding only_finding(const engine::CheckResult& r) {
  INFO(describe(r));
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

inline std::vector<std::string> evidence_names(const engine::Finding& f) {
  std::vector<std::string> names;
  for (const auto& e : f.evidence) names.push_back(e.name);
  return names;
}

inline const engine::Evidence& evidence(const engine::Finding& f, const std::string& name) {
  for (const auto& e : f.evidence)
    if (e.name == name) return e;
  throw std::logic_error("no evidence " + name + " in " + f.title);
}

inline model::CounterSet& ethtool_stats(model::Host& h) { return *netdev(h).ethtool_stats; }

inline std::string read_sample(const std::string& name) {
  std::ifstream in(std::string(ROCE_FIXTURES_DIR) + "/samples/" + name);
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  std::string text = ss.str();
  // The sample starts with a "# SOURCE: ..." provenance line that is not ethtool output.
  if (text.starts_with("#")) text.erase(0, text.find('\n') + 1);
  return text;
}

inline void link_down(model::Host& h, model::PortState phys) {
  rdma_port(h).state->code = 1, rdma_port(h).state->name = "DOWN";
  *rdma_port(h).phys_state = phys;
  netdev(h).operstate->assign("down");
  netdev(h).link->speed_mbps.reset();
}

// ---------------------------------------------------------------------------------------------
// LINK-STATE

// ---------------------------------------------------------------------------------------------
// LINK-SPEED

// ---------------------------------------------------------------------------------------------
// LINK-FLAP

// ---------------------------------------------------------------------------------------------
// LINK-SIGNAL

// ---------------------------------------------------------------------------------------------
// GID-ROCEV2

inline void drop_gid(model::Host& h, std::uint32_t index) {
  std::erase_if(*rdma_port(h).gids, [&](const model::Gid& g) { return g.index == index; });
}
inline void add_gid(model::Host& h, std::uint32_t index, const std::string& gid, const std::string& type,
                    const std::string& ndev = "ens1f0np0") {
  model::Gid g;
  g.index = index;
  g.gid = gid;
  g.type = Field<std::string>::of(type, {"sysfs", "gid_attrs/types/" + std::to_string(index)});
  g.netdev = Field<std::string>::of(ndev, {"sysfs", "gid_attrs/ndevs/" + std::to_string(index)});
  rdma_port(h).gids->push_back(g);
}

// ---------------------------------------------------------------------------------------------
// MTU-ROCE

// ---------------------------------------------------------------------------------------------
// PCIE-LINK

}  // namespace roce::test
