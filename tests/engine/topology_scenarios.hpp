#pragma once
// The run on sysfs trees built after HGX H100 layouts and on the published nvidia-smi topo -m matrix that the TOPO-*
// scenario tests share.
#include "scenario_prelude.hpp"
#include "sources/sysfs/topology_walk.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "topology/nvidia_smi_topo.hpp"

namespace roce::test {

inline const std::string kTopo = std::string(ROCE_FIXTURES_DIR) + "/topology/";

struct TopoRun {
  model::Host now;
  model::Observations observations;
  profile::Profile profile = profile::default_profile();
  std::vector<engine::CheckResult> results;

  // The topology beside the healthy ConnectX-6 Dx host, or beside a host with no RoCE port.
  explicit TopoRun(std::optional<model::Topology> t, bool with_port = true) {
    if (with_port) now = healthy_scenario().build_now();
    observations.topology = std::move(t);
    engine::Context ctx(now, nullptr, 0, profile, &observations);
    results = checks::run_checks(ctx);
  }
  const engine::CheckResult& result(std::string_view id) const {
    for (const auto& r : results)
      if (r.id == id) return r;
    FAIL("no result for " << id);
    return results.front();
  }
};

inline model::Topology sysfs_tree(const std::string& name) {
  return sources::sysfs::read_topology(kTopo + name).topology;
}

inline const char* const kTopoChecks[] = {"TOPO-GDR-DISTANCE", "TOPO-PCIE-DEGRADED", "TOPO-BALANCE"};

}  // namespace roce::test
