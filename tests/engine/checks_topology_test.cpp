// The TOPO-* checks together: ok on the healthy HGX tree, skipped without a topology.
#include "topology_scenarios.hpp"

namespace roce::test {

TEST_CASE("the TOPO checks are ok on the healthy HGX tree, even on a host without a RoCE port") {
  for (bool with_port : {true, false}) {
    TopoRun run(sysfs_tree("hgx"), with_port);
    for (const char* id : kTopoChecks) {
      INFO(id << " with_port=" << with_port << ": " << run.result(id).skipped_reason);
      CHECK(run.result(id).status == Status::ok);
    }
  }
}

TEST_CASE("without a topology the TOPO checks are skipped and say so") {
  TopoRun run(std::nullopt);
  for (const char* id : kTopoChecks) {
    CHECK(run.result(id).status == Status::skipped);
    CHECK(run.result(id).skipped_reason == "no GPU-NIC topology given");
  }
}

}  // namespace roce::test
