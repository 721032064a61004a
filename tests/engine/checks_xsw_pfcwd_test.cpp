// Scenario tests of XSW-PFCWD (checks/xsw_pfcwd.cpp).
#include "xsw_scenarios.hpp"

namespace roce::test {

TEST_CASE("a host-facing lossless port without a PFC watchdog is a warning") {
  CrossRun run("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) { t["PFC_WD"].erase("Ethernet0"); });
  const auto& f = only_finding(run.result("XSW-PFCWD"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title ==
        "No PFC watchdog on leaf01 Ethernet0 for lossless priorities 3,4 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0)");
  CHECK(f.remediation[0] == "on leaf01: sudo config pfcwd start --action drop --restoration-time 200 Ethernet0 200");
}

TEST_CASE("without pfcwd_sw_enable SONiC's watchdog guards no queue, and a queue it stormed on counts as guarded") {
  const auto no_sw_enable = [](switches::ConfigDbTableMap& t) {
    t["PORT_QOS_MAP"]["Ethernet0"].erase("pfcwd_sw_enable");
  };
  CrossRun config_only("sonic_roce_dscp26_flat.json", no_sw_enable);
  const auto& f = only_finding(config_only.result("XSW-PFCWD"));
  CHECK(f.title ==
        "No PFC watchdog on leaf01 Ethernet0 for lossless priorities 3,4 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0)");
  CHECK(f.evidence[2].value ==
        "absent (no pfcwd_sw_enable in PORT_QOS_MAP|Ethernet0): SONiC's watchdog guards no queue");

  // The export's stats show the watchdog acting on queue 3: XSW-PAUSE reports the storm, and XSW-PFCWD
  // counts queue 3 as guarded instead of calling the watchdog absent; queue 4 stays unguarded.
  CrossRun stormed("sonic_roce_dscp26_flat.json", no_sw_enable, storm_on_ethernet0_queue3);
  CHECK(only_finding(stormed.result("XSW-PAUSE")).severity == Severity::critical);
  const auto& g = only_finding(stormed.result("XSW-PFCWD"));
  CHECK(g.title ==
        "No PFC watchdog on leaf01 Ethernet0 for lossless priority 4 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0)");
  REQUIRE(g.evidence.size() == 4);
  CHECK(g.evidence[3].name == "show pfcwd stats Ethernet0 queues");
  CHECK(g.evidence[3].value == "3");

  // Configured on both lossless priorities: the storm is XSW-PAUSE's alone.
  CrossRun guarded("sonic_roce_dscp26_flat.json", {}, storm_on_ethernet0_queue3);
  CHECK(guarded.result("XSW-PFCWD").status == Status::ok);
  CHECK(guarded.result("XSW-PAUSE").status == Status::finding);
}

}  // namespace roce::test
