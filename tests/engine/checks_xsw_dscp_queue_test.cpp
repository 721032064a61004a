// Scenario tests of XSW-DSCP-QUEUE (checks/xsw_dscp_queue.cpp).
#include "xsw_scenarios.hpp"

namespace roce::test {

TEST_CASE("SONiC's default map sends the host's DSCP 26 to lossy TC 1: critical, naming both ends and the fix") {
  CrossRun run("sonic_default_azure_config_db.json");
  const auto& f = only_finding(run.result("XSW-DSCP-QUEUE"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.subject.priority == 3);
  CHECK(f.title ==
        "RoCE DSCP 26 of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 (host priority 3) lands in TC 1, queue 1 (no PFC, no "
        "WRED/ECN profile) on leaf01 Ethernet0");
  REQUIRE(f.evidence.size() == 4);
  CHECK(f.evidence[0].value ==
        "gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 (host LLDP: lldpctl: ens1f0np0 neighbour leaf01 port etp1 (alias of "
        "Ethernet0))");
  CHECK(f.evidence[1].name == "DSCP_TO_TC_MAP|AZURE 26");
  CHECK(f.evidence[1].value == "1");
  CHECK(f.evidence[1].from.locator == "sonic_default_azure_config_db.json DSCP_TO_TC_MAP|AZURE");
  CHECK(f.evidence[2].value == "3,4");
  REQUIRE(f.remediation.size() == 1);
  CHECK(f.remediation[0] ==
        R"(on leaf01: echo '[{"op": "add", "path": "/DSCP_TO_TC_MAP/AZURE/26", "value": "3"}]' > roce-fix.json )"
        "&& sudo config apply-patch roce-fix.json");
  // The rest of the default configuration is sound.
  for (const char* id : {"XSW-PFC-PRIO", "XSW-ECN", "XSW-HEADROOM", "XSW-PFCWD", "XSW-TRUST-MTU"}) {
    INFO(id);
    CHECK(run.result(id).status == Status::ok);
  }
}

TEST_CASE("a lossless queue whose WRED profile sets ecn but not wred_green_enable is the known SONiC trap") {
  CrossRun run("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["WRED_PROFILE"]["AZURE_LOSSLESS"].erase("wred_green_enable"); });
  const auto& f = only_finding(run.result("XSW-DSCP-QUEUE"));
  CHECK(f.severity == Severity::warning);
  CHECK(has(f.title, "lands in TC 3, queue 3 (PFC, WRED AZURE_LOSSLESS: ecn ecn_all, wred_green_enable false)"));
  CHECK(has(f.title, ": lossless, but no ECN marking"));
  CHECK(has(f.explanation, "wred_green_enable, which SAI defaults to false"));
  CHECK(has(f.remediation[0],
            R"({"op": "add", "path": "/WRED_PROFILE/AZURE_LOSSLESS/wred_green_enable", "value": "true"})"));
}

TEST_CASE("a CNP DSCP that shares the RoCE queue is a warning") {
  CrossRun run("sonic_roce_dscp26_flat.json",
               [](switches::ConfigDbTableMap& t) { t["DSCP_TO_TC_MAP"]["AZURE"]["48"] = "3"; });
  const auto& f = only_finding(run.result("XSW-DSCP-QUEUE"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.priority == 6);
  CHECK(has(f.title, "CNP DSCP 48 of gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 shares queue 3"));
}

}  // namespace roce::test
