// Scenario tests of TOPO-GDR-DISTANCE (checks/topo_gdr_distance.cpp).
#include "topology_scenarios.hpp"

namespace roce::test {

TEST_CASE("TOPO-GDR-DISTANCE: GPUs of a socket without NICs reach one only across the sockets (SYS)") {
  TopoRun run(sysfs_tree("hgx-degraded"));
  const auto& r = run.result("TOPO-GDR-DISTANCE");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);
  CHECK(r.findings[0].severity == Severity::warning);
  CHECK(r.findings[0].title ==
        "GPU2: nearest RDMA NICs mlx5_0 and mlx5_1 are SYS, beyond PXB: no GPUDirect RDMA under NCCL's defaults");
  CHECK(r.findings[1].title.rfind("GPU3:", 0) == 0);
  CHECK(r.findings[0].evidence.size() == 2);
  CHECK(r.findings[0].evidence[0].name == "GPU2 - mlx5_0");
  CHECK(r.findings[0].evidence[0].value == "SYS");
  CHECK(r.findings[0].evidence[0].from.source == "sysfs");
}

TEST_CASE("TOPO-GDR-DISTANCE: a NIC at NODE in the published 8-GPU matrix is fine when another is PIX") {
  auto t = topology::parse_nvidia_smi_topo(slurp(kTopo + "nvidia_smi_topo_nccl933.txt"), "topo.txt");
  REQUIRE(t);
  TopoRun healthy(*t);
  CHECK(healthy.result("TOPO-GDR-DISTANCE").status == Status::ok);
  CHECK(healthy.result("TOPO-BALANCE").status == Status::ok);
  CHECK(healthy.result("TOPO-PCIE-DEGRADED").status == Status::skipped);
  CHECK(healthy.result("TOPO-PCIE-DEGRADED").skipped_reason ==
        "topology: the nvidia-smi topo -m topology shows no PCIe link states (topo.txt)");

  // The PIX NIC of GPU0 (NIC2) taken away: its nearest is then NODE.
  auto without = *t;
  std::erase_if(without.pairs, [](const auto& p) { return p.nic == "NIC2"; });
  TopoRun broken(without);
  const auto& r = broken.result("TOPO-GDR-DISTANCE");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  CHECK(r.findings[0].title.find("GPU0: nearest RDMA NICs NIC0, NIC4, NIC6 and NIC8 are NODE") == 0);
}

}  // namespace roce::test
