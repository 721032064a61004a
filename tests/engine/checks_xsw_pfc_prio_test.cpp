// Scenario tests of XSW-PFC-PRIO (checks/xsw_pfc_prio.cpp).
#include "xsw_scenarios.hpp"

namespace roce::test {

TEST_CASE("PFC on the host's priority but not on the switch port is critical") {
  CrossRun run("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["PORT_QOS_MAP"]["Ethernet0"]["pfc_enable"] = "4"; });
  const auto& f = only_finding(run.result("XSW-PFC-PRIO"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.title ==
        "PFC on priority 3 at the host end of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 but not on leaf01 Ethernet0 "
        "(pfc_enable 4)");
  CHECK(has(f.remediation[0], R"("path": "/PORT_QOS_MAP/Ethernet0/pfc_enable", "value": "3,4")"));
  // The RoCE DSCP now lands in a TC without PFC too.
  CHECK(run.result("XSW-DSCP-QUEUE").findings.at(0).severity == Severity::critical);
}

TEST_CASE("an export taken before the buffer manager ran has no lossless PG: critical") {
  CrossRun run("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["BUFFER_PG"].erase("Ethernet0|3-4"); });
  const auto& f = only_finding(run.result("XSW-PFC-PRIO"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.title ==
        "No lossless buffer PG 3 on leaf01 Ethernet0 for priority 3 of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0");
  CHECK(has(f.remediation[0], R"("path": "/BUFFER_PG/Ethernet0|3/profile", "value": "pg_lossless_100000_5m_profile")"));
}

TEST_CASE("a PFC priority that pauses another queue than its TC uses is a warning") {
  CrossRun run("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["MAP_PFC_PRIORITY_TO_QUEUE"]["AZURE"]["3"] = "4"; });
  const auto& f = only_finding(run.result("XSW-PFC-PRIO"));
  CHECK(f.severity == Severity::warning);
  CHECK(has(f.title, "PFC priority 3 pauses queue 4 but TC 3 is sent from queue 3"));
}

}  // namespace roce::test
