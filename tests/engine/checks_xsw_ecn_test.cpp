// Scenario tests of XSW-ECN (checks/xsw_ecn.cpp).
#include "xsw_scenarios.hpp"

namespace roce::test {

TEST_CASE("ECN thresholds that do not ramp, or differ between lossless queues, are warnings") {
  CrossRun inverted("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["WRED_PROFILE"]["AZURE_LOSSLESS"]["green_min_threshold"] = "4194304";
  });
  const auto& r = inverted.result("XSW-ECN");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);  // queues 3 and 4 share the profile
  CHECK(has(r.findings[0].title, "green_min_threshold is not below green_max_threshold"));

  CrossRun differ("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["WRED_PROFILE"]["Q4"] = t["WRED_PROFILE"]["AZURE_LOSSLESS"];
    t["WRED_PROFILE"]["Q4"]["green_min_threshold"] = "131072";
    t["QUEUE"]["Ethernet0|4"]["wred_profile"] = "Q4";
  });
  const auto& f = only_finding(differ.result("XSW-ECN"));
  CHECK(f.title ==
        "Lossless queues of leaf01 Ethernet0 mark ECN differently: queue 3 AZURE_LOSSLESS green 1048576-2097152 B, 5%, "
        "queue 4 Q4 green 131072-2097152 B, 5% (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0)");
}

TEST_CASE("ECN thresholds at or above the point where the lossless PG sends XOFF are warnings") {
  CrossRun healthy("sonic_roce_dscp26_flat.json");
  const auto& pg = healthy.obs.switches.switches[0].ports[0].lossless_pgs.at(0);
  CHECK(*pg.dynamic_th == 0);  // alpha 1: pauses at half the 13945824 B pool, far above 2 MiB
  CHECK(*pg.pool_bytes == 13945824);
  CHECK(pg.pool_bytes.from.locator == "sonic_roce_dscp26_flat.json BUFFER_POOL|ingress_lossless_pool size");
  CHECK(pg.static_th_bytes.availability == model::Availability::absent);

  // alpha 1/8: the PG pauses at 13945824 / 9 = 1549536 B, between the 1 MiB and 2 MiB thresholds.
  CrossRun eighth("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"]["dynamic_th"] = "-3";
  });
  const auto& r = eighth.result("XSW-ECN");
  REQUIRE(r.findings.size() == 2);  // queues 3 and 4, both on PG 3-4
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.priority == 3);
  CHECK(f.title ==
        "ECN on lossless queue 3 of leaf01 Ethernet0 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0) marks at "
        "1048576-2097152 B, but PG 3 sends XOFF at 1549536 B: pauses fire before marking saturates");
  REQUIRE(f.evidence.size() == 3);
  CHECK(f.evidence[2].name == "BUFFER_PG|Ethernet0|3-4 pg_lossless_100000_5m_profile");
  CHECK(f.evidence[2].value == "dynamic_th -3 of pool 13945824 B: at most pool x alpha / (1 + alpha) = 1549536 B");
  CHECK(f.evidence[2].from.locator ==
        "sonic_roce_dscp26_flat.json BUFFER_PROFILE|pg_lossless_100000_5m_profile dynamic_th");
  // Thresholds for half the trigger at 100G: max 774768 B, min a tenth of it.
  CHECK(has(f.remediation[0], R"({"op": "add", "path": "/WRED_PROFILE/AZURE_LOSSLESS/green_max_threshold", )"
                              R"("value": "774768"})"));
  CHECK(has(f.remediation[0], R"("path": "/WRED_PROFILE/AZURE_LOSSLESS/green_min_threshold", "value": "77476"})"));
  CHECK(eighth.result("XSW-DSCP-QUEUE").status == Status::ok);

  CrossRun sixteenth("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"]["dynamic_th"] = "-4";
  });
  CHECK(has(sixteenth.result("XSW-ECN").findings.at(0).title,
            "PG 3 sends XOFF at 820342 B: pauses fire before any mark"));

  CrossRun fixed("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    auto& prof = t["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"];
    prof.erase("dynamic_th");
    prof["static_th"] = "2097152";
  });
  const auto& s = fixed.result("XSW-ECN");
  REQUIRE(s.findings.size() == 2);
  CHECK(has(s.findings[0].title, "PG 3 sends XOFF at 2097152 B: pauses fire before marking saturates"));
  CHECK(s.findings[0].evidence[2].value == "static_th 2097152 B");

  CrossRun broken("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["BUFFER_PROFILE"]["pg_lossless_100000_5m_profile"]["dynamic_th"] = "9";
  });
  CHECK(broken.result("XSW-ECN").status == Status::ok);  // no trigger known: not judged
  const auto& warnings = broken.obs.switches.switches[0].warnings;
  CHECK(
      std::find(warnings.begin(), warnings.end(),
                "sonic_roce_dscp26_flat.json BUFFER_PROFILE|pg_lossless_100000_5m_profile dynamic_th: \"9\" is not an "
                "exponent -8..7") != warnings.end());
}

}  // namespace roce::test
