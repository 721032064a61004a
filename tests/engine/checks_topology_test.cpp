// Scenario tests for the TOPO-* checks on sysfs trees built after HGX H100 layouts and on the
// published nvidia-smi topo -m matrix: healthy and broken variants, and the skip paths.
#include <catch2/catch.hpp>

#include "host_builder.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "topology/nvidia_smi_topo.hpp"
#include "topology/sysfs_topology.hpp"

namespace roce::test {

using namespace roce::testing;
using engine::Severity;
using Status = engine::CheckResult::Status;

namespace {

const std::string kTopo = std::string(ROCE_FIXTURES_DIR) + "/topology/";

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

model::Topology sysfs_tree(const std::string& name) { return topology::read_sysfs_topology(kTopo + name).topology; }

const char* const kTopoChecks[] = {"TOPO-GDR-DISTANCE", "TOPO-PCIE-DEGRADED", "TOPO-BALANCE"};

}  // namespace

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

TEST_CASE("TOPO-PCIE-DEGRADED: a x8 Gen4 link below a Gen5 x16 switch port is named once, with the GPU below it") {
  TopoRun run(sysfs_tree("hgx-degraded"));
  const auto& r = run.result("TOPO-PCIE-DEGRADED");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  const auto& f = r.findings[0];
  CHECK(f.title ==
        "PCIe link 0000:37:00.0 -> 0000:38:00.0 runs x8 at 16.0 GT/s PCIe, capable of x16 at 32.0 GT/s PCIe: on the "
        "path of GPU1");
  CHECK(f.evidence[2].name == "current_link_width");
  CHECK(f.evidence[2].value == "8");
  CHECK(f.remediation[0] == "lspci -s 0000:38:00.0 -vv | grep -E 'LnkCap|LnkSta'");
}

TEST_CASE("TOPO-PCIE-DEGRADED: a Gen5 card in a Gen4 slot is not degraded") {
  auto t = sysfs_tree("hgx");
  auto& path = t.gpus[0].path;
  path[2].max_speed = "16.0 GT/s PCIe";  // the switch port is Gen4
  path[2].current_speed = "16.0 GT/s PCIe";
  path[3].current_speed = "16.0 GT/s PCIe";  // the GPU trained at what the port can do
  TopoRun run(t);
  CHECK(run.result("TOPO-PCIE-DEGRADED").status == Status::ok);
}

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
