// Scenario tests of XSW-HEADROOM (checks/xsw_headroom.cpp).
#include "xsw_scenarios.hpp"

namespace roce::test {

TEST_CASE("a switch PG whose headroom is smaller than its cable holds is critical") {
  CrossRun run(
      "sonic_roce_dscp26_flat.json",
      [](switches::ConfigDbTableMap& t) { t["CABLE_LENGTH"]["AZURE"]["Ethernet0"] = "300m"; },
      [](model::SwitchSide&) {});
  const auto& r = run.result("XSW-HEADROOM");
  REQUIRE(r.status == Status::finding);
  // 300 m at 100G: 37500 B on the cable round trip + 2 x 4200 (the host's MTU, below the switch's 9100) + 64.
  const auto& f = r.findings.at(0);
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.subject.priority == 3);
  CHECK(f.title ==
        "Lossless PG Ethernet0|3-4 of leaf01 Ethernet0 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0) holds 37888 B of "
        "headroom, its 300 m cable at 100000 Mb/s needs at least 45964 B");
  CHECK(f.evidence[1].value == "size 37888 B = xon 19456 + xoff 18432 B");  // Spectrum: the whole PG buffer
  CHECK(f.evidence[4].name == "host mtu");
  CHECK(f.remediation[0] ==
        R"(on leaf01: echo '[{"op": "add", "path": "/BUFFER_PG/Ethernet0|3-4/profile", "value": )"
        R"("pg_lossless_100000_300m_profile"}]' > roce-fix.json && sudo config apply-patch roce-fix.json)");
  // The profile was made for 5 m; and the host sizes its headroom for mlx5's 7 m.
  REQUIRE(r.findings.size() == 3);
  const auto stale = std::find_if(r.findings.begin(), r.findings.end(),
                                  [](const engine::Finding& g) { return has(g.title, " uses pg_lossless"); });
  REQUIRE(stale != r.findings.end());
  CHECK(stale->severity == Severity::warning);
  CHECK(stale->title ==
        "Lossless PG Ethernet0|3-4 of leaf01 Ethernet0 (gpu-a17 ens1f0np0 <-> leaf01 Ethernet0) uses "
        "pg_lossless_100000_5m_profile, the port is 100000 Mb/s on a 300 m cable");
}

TEST_CASE("a profile for the right cable whose xoff is too small is fixed in the profile") {
  // Broadcom layout: size is the PG's guaranteed minimum, xoff the headroom.
  CrossRun run("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) {
    t["CABLE_LENGTH"]["AZURE"]["Ethernet0"] = "300m";
    t["BUFFER_PG"]["Ethernet0|3-4"]["profile"] = "pg_lossless_100000_300m_profile";
    t["BUFFER_PROFILE"]["pg_lossless_100000_300m_profile"] = {
        {"pool", "ingress_lossless_pool"}, {"size", "18796"}, {"xon", "0"}, {"xoff", "40000"}, {"dynamic_th", "0"}};
  });
  const auto& r = run.result("XSW-HEADROOM");
  const auto& f = r.findings.at(0);
  CHECK(f.severity == Severity::critical);
  CHECK(has(f.title, "holds 40000 B of headroom, its 300 m cable at 100000 Mb/s needs at least 45964 B"));
  CHECK(f.evidence[1].value == "xoff 40000 B");
  CHECK(has(f.remediation[0],
            R"([{"op": "add", "path": "/BUFFER_PROFILE/pg_lossless_100000_300m_profile/xoff", "value": "45964"}])"));
  // The profile is the one for the port: no stale-profile finding, only the host's 7 m against 300 m.
  CHECK(r.findings.size() == 2);
}

TEST_CASE("the host's and the switch's length of one cable must agree within the tolerance") {
  const auto cable = [](const char* length) {
    return [length](switches::ConfigDbTableMap& t) { t["CABLE_LENGTH"]["AZURE"]["Ethernet0"] = length; };
  };
  const auto cable_finding = [](const engine::CheckResult& r) {
    return std::find_if(r.findings.begin(), r.findings.end(),
                        [](const engine::Finding& f) { return has(f.title, "The cable "); });
  };
  // The host builder's mlx5 sizes its headroom for 7 m (its PFC delay): 5 m and 17 m are within 10 m.
  CrossRun near("sonic_roce_dscp26_flat.json", cable("5m"));
  CHECK(near.result("XSW-HEADROOM").status == Status::ok);
  CrossRun edge("sonic_roce_dscp26_flat.json", cable("17m"));
  CHECK(cable_finding(edge.result("XSW-HEADROOM")) == edge.result("XSW-HEADROOM").findings.end());
  CHECK(edge.result("XSW-HEADROOM").findings.size() == 1);  // the 5 m profile on 17 m

  CrossRun far("sonic_roce_dscp26_flat.json", cable("40m"));
  const auto& r = far.result("XSW-HEADROOM");
  const auto it = cable_finding(r);
  REQUIRE(it != r.findings.end());
  CHECK(it->severity == Severity::warning);
  CHECK(it->subject.priority == std::nullopt);
  // 33 m more cable at 100G: 2 x 33 m x 5 ns x 12.5 B/ns = 4125 B.
  CHECK(it->title ==
        "The cable gpu-a17 ens1f0np0 <-> leaf01 Ethernet0 is 7 m at the host (dcb pfc delay (mlx5 cable length)) but "
        "40 m in CABLE_LENGTH of leaf01 Ethernet0 (4125 B of headroom apart at 100000 Mb/s)");
  CHECK(it->evidence[2].from.locator == "sonic_roce_dscp26_flat.json CABLE_LENGTH|AZURE Ethernet0");
  REQUIRE(it->remediation.size() == 2);
  CHECK(has(it->remediation[0], "delay 40"));  // the host raises its length to the switch's
  // The profile for 5 m on a 40 m cable is stale too, but its headroom holds the cable.
  CHECK(std::count_if(r.findings.begin(), r.findings.end(),
                      [](const engine::Finding& f) { return f.severity == Severity::critical; }) == 0);

  CrossRun shorter("sonic_roce_dscp26_flat.json", cable("2m"), [](model::SwitchSide&) {});
  CHECK(shorter.result("XSW-HEADROOM").findings.size() == 1);  // the 5 m profile on 2 m: info
  CHECK(shorter.result("XSW-HEADROOM").findings[0].severity == Severity::info);

  CrossRun unknown("sonic_roce_dscp26_flat.json", [](switches::ConfigDbTableMap& t) { t.erase("CABLE_LENGTH"); });
  CHECK(unknown.result("XSW-HEADROOM").status == Status::skipped);
  CHECK(unknown.result("XSW-HEADROOM").skipped_reason ==
        "ens1f0np0: leaf01 Ethernet0 cable length absent (no CABLE_LENGTH entry for Ethernet0)");
}

}  // namespace roce::test
