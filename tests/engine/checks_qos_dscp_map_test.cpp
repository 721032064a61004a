// Scenario tests of QOS-DSCP-MAP (checks/qos_dscp_map.cpp).
#include "qos_scenarios.hpp"

namespace roce::test {

TEST_CASE("QOS-DSCP-MAP: RoCE DSCP on the wrong priority, CNP DSCP unmapped") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    auto& app = *netdev(h).dcb.app;
    for (auto& e : app)
      if (e.protocol == 26) e.priority = 0;
    std::erase_if(app, [](const model::AppEntry& e) { return e.protocol == 48; });
  };
  Run run(s);
  const auto& r = run.result("QOS-DSCP-MAP");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);
  CHECK(r.findings[0].title == "RoCE DSCP 26 maps to priority 0, not priority 3");
  CHECK(r.findings[0].subject.priority == 3);
  CHECK(r.findings[0].remediation.front() == "dcb app replace dev ens1f0np0 dscp-prio 26:3");
  CHECK(r.findings[1].title == "CNP DSCP 48 maps to no APP entry (default priority 0), not priority 6");
  CHECK(r.findings[1].subject.priority == 6);
  CHECK(r.findings[1].evidence[0].value.find("26:0") != std::string::npos);
  CHECK(run.result("QOS-TRUST").status == Status::ok);
}

TEST_CASE("QOS-DSCP-MAP: the two-class profile needs DSCP 3 and 4 mapped") {
  auto two = profile::load_profile(std::string(ROCE_PROFILES_DIR) + "/roce-lossless-two-class.toml",
                                   checks::threshold_catalog());
  REQUIRE(two.ok());
  Run run(healthy_scenario(), *two);  // default mlx5 map: DSCP 3 and 4 -> priority 0
  const auto& r = run.result("QOS-DSCP-MAP");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);
  CHECK(r.findings[0].subject.priority == 3);
  CHECK(r.findings[1].subject.priority == 4);
  // ... and PFC on 4 as well.
  const auto& pfc = only_finding(run, "PFC-LOSSLESS");
  CHECK(pfc.subject.priority == 4);
}

}  // namespace roce::test
