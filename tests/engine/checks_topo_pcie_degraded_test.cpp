// Scenario tests of TOPO-PCIE-DEGRADED (checks/topo_pcie_degraded.cpp).
#include "topology_scenarios.hpp"

namespace roce::test {

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

}  // namespace roce::test
