// Scenario tests of TOPO-BALANCE (checks/topo_balance.cpp).
#include "topology_scenarios.hpp"

namespace roce::test {

TEST_CASE("TOPO-BALANCE: a NUMA node with GPUs and no NIC, and one NIC serving three GPUs") {
  TopoRun run(sysfs_tree("hgx-degraded"));
  const auto& r = run.result("TOPO-BALANCE");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  CHECK(r.findings[0].title == "NUMA node 1 has 2 GPUs (GPU2 and GPU3) and no RDMA NIC");

  auto t = sysfs_tree("hgx");
  for (auto& p : t.pairs)
    if (p.nic == "mlx5_0" && p.gpu != "GPU3") p.distance = model::PciDistance::pix;
  for (auto& p : t.pairs)
    if (p.nic != "mlx5_0" && p.gpu != "GPU3") p.distance = model::PciDistance::sys;
  TopoRun shared(t);
  const auto& s = shared.result("TOPO-BALANCE");
  REQUIRE(s.status == Status::finding);
  REQUIRE(s.findings.size() == 1);
  CHECK(s.findings[0].title == "mlx5_0 is the nearest RDMA NIC of 3 GPUs (GPU0, GPU1 and GPU2), more than 2");
  CHECK(s.findings[0].subject.rdma_device == "mlx5_0");
}

}  // namespace roce::test
