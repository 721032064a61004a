// Scenario tests of NCCL-GDR (checks/nccl_gdr.cpp).
#include "nccl_scenarios.hpp"

namespace roce::test {

TEST_CASE("NCCL-GDR: NCCL_NET_GDR_LEVEL=LOC forbids GPUDirect RDMA") {
  std::string log = kHealthy + "gpu-a17:100:100 [0] NCCL INFO NCCL_NET_GDR_LEVEL set by environment to LOC\n";
  for (auto at = log.find("/GDRDMA"); at != std::string::npos; at = log.find("/GDRDMA")) log.erase(at, 7);
  LogRun run(log);
  const auto& f = sole_nccl_finding(run.result("NCCL-GDR"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev.empty());
  CHECK(f.title ==
        "NCCL_NET_GDR_LEVEL=LOC forbids GPUDirect RDMA in 1 process (gpu-a17:100 rank 0); 2 of 2 NET "
        "connections without GDRDMA");
}

TEST_CASE("NCCL-GDR: GDRDMA on every NET channel with the GPU and NIC within PXB is ok") {
  LogRun run(kHealthy + kInitRank, {}, healthy_scenario(), gpu_a17_topology(model::PciDistance::pxb));
  CHECK(run.result("NCCL-GDR").status == Status::ok);
  CHECK(run.result("NCCL-GDR").findings.empty());
}

TEST_CASE("NCCL-GDR: no GDRDMA although the process's GPU (by busId, not its CUDA index) and its NIC are PXB apart") {
  LogRun run(without_gdr(kHealthy + kInitRank), {}, healthy_scenario(), gpu_a17_topology(model::PciDistance::pxb));
  const auto& f = sole_nccl_finding(run.result("NCCL-GDR"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev.empty());
  CHECK(f.title ==
        "no GPUDirect RDMA in 1 process (gpu-a17:100 rank 0) although GPU3 and mlx5_0 are PXB apart; 2 NET "
        "connections without GDRDMA");
  CHECK(evidence_names(f) == std::vector<std::string>{"NET connections with /GDRDMA", "GPU3 - mlx5_0"});
  CHECK(f.evidence[1].from.source == "sysfs");
  CHECK(f.explanation.find("within the GDR level PXB (NCCL's default)") != std::string::npos);
  CHECK(f.explanation.find("nvidia-peermem") != std::string::npos);
  // Without the topology nothing says GDR was possible.
  CHECK(LogRun(without_gdr(kHealthy + kInitRank)).result("NCCL-GDR").status == Status::ok);
}

TEST_CASE("NCCL-GDR: beyond the GDR level no GDRDMA is expected, unless NCCL_NET_GDR_LEVEL reaches that far") {
  const std::string log = without_gdr(kHealthy + kInitRank);
  LogRun far(log, {}, healthy_scenario(), gpu_a17_topology(model::PciDistance::sys));
  CHECK(far.result("NCCL-GDR").status == Status::ok);
  const std::string sys = log + "gpu-a17:100:100 [0] NCCL INFO NCCL_NET_GDR_LEVEL set by environment to SYS\n";
  LogRun allowed(sys, {}, healthy_scenario(), gpu_a17_topology(model::PciDistance::sys));
  const auto& f = sole_nccl_finding(allowed.result("NCCL-GDR"));
  CHECK(f.title.find("GPU3 and mlx5_0 are SYS apart") != std::string::npos);
  CHECK(f.explanation.find("within the GDR level SYS (NCCL_NET_GDR_LEVEL)") != std::string::npos);
}

TEST_CASE("NCCL-GDR: a process whose GPU the topology does not have is skipped, saying so") {
  const std::string log = replaced(without_gdr(kHealthy + kInitRank), "busId 18000", "busId 3b000");
  LogRun run(log, {}, healthy_scenario(), gpu_a17_topology(model::PciDistance::pxb));
  const auto& r = run.result("NCCL-GDR");
  CHECK(r.findings.empty());
  CHECK(r.status == Status::ok);
  REQUIRE(r.notes.size() == 1);
  CHECK_THAT(r.notes[0], Catch::Contains("gpu-a17:100 rank 0") &&
                             Catch::Contains("its GPU (busId 3b000) is not in the topology (/sys)"));
}

TEST_CASE(
    "NCCL-GDR: NCCL 2.27's device line gives the NIC's PCI address, which finds it in a topology naming it NIC0") {
  const std::string log =
      kInitRank +
      "gpu-a17:100:100 [0] NCCL INFO NET/IB: [0] mlx5_0:uverbs0:1/RoCE provider=Mlx5 speed=100000 context=0x55 "
      "pciPath=/sys/devices/pci0000:17/0000:17:00.0/0000:18:00.0/0000:1a:00.0 ar=0\n"
      "gpu-a17:100:100 [0] NCCL INFO NET/IB : Made virtual device [0] name=mlx5_0 speed=100000 ndevs=1\n"
      "gpu-a17:100:100 [0] NCCL INFO Using network IB\n"
      "gpu-a17:100:120 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/IB/0\n"
      "gpu-a17:100:120 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via NET/IB/0\n";
  // nvidia-smi's layout names NICs NIC0..; this one's second function (port 2) is the same card.
  model::Topology t = gpu_a17_topology(model::PciDistance::pxb);
  t.nics = {{.name = "NIC0", .pci_address = "0000:1a:00.1"}};
  t.pairs = {{"GPU0", "NIC0", model::PciDistance::sys}, {"GPU3", "NIC0", model::PciDistance::pxb}};
  LogRun run(log, {}, healthy_scenario(), t);
  const auto& f = sole_nccl_finding(run.result("NCCL-GDR"));
  CHECK(f.title ==
        "no GPUDirect RDMA in 1 process (gpu-a17:100 rank 0) although GPU3 and NIC0 are PXB apart; 2 NET "
        "connections without GDRDMA");
  // NCCL-RAIL reads "via NET/IB/0" as virtual device 0, mlx5_0: the rail in use.
  CHECK(run.result("NCCL-RAIL").status == Status::ok);
}

}  // namespace roce::test
