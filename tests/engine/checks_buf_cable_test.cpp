// Scenario tests of BUF-CABLE (checks/buf_cable.cpp).
#include "qos_config_scenarios.hpp"

namespace roce::test {

TEST_CASE("BUF-CABLE: the 7 m default against a 30 m cable the module reports") {
  Run run(configured([](model::Host& h) {
    netdev(h).module_cable_m =
        model::Field<std::uint32_t>::of(30, {"ethtool-ioctl", "ens1f0np0 ETHTOOL_GMODULEEEPROM"});
  }));
  const auto& f = only_finding(run, "BUF-CABLE");
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "PFC cable length is 7 m (the mlx5 default), the module says 30 m");
  CHECK(find_evidence(f, "dcb pfc delay (mlx5 cable length)")->value == "7 m");
  CHECK(find_evidence(f, "module cable length")->value == "30 m");
  CHECK(find_evidence(f, "module cable length")->from.locator == "ens1f0np0 ETHTOOL_GMODULEEEPROM");
  CHECK(f.remediation.front() ==
        "dcb pfc set dev ens1f0np0 delay 30    # recomputes thresholds when buffers are set by hand (dcb buffer)");
}

TEST_CASE("BUF-CABLE: the profile's length wins over the module's; a longer setting is info") {
  profile::Profile p = profile::default_profile();
  p.cable_length_m = 3;
  Scenario s = configured([](model::Host& h) {
    netdev(h).module_cable_m = model::Field<std::uint32_t>::of(30, {"ethtool-ioctl", "module"});
  });
  Run run(s, p);
  const auto& f = only_finding(run, "BUF-CABLE");
  CHECK(f.severity == Severity::info);
  CHECK(f.title == "PFC cable length is 7 m (the mlx5 default), the profile (link.cable_length_m) says 3 m");
  CHECK(find_evidence(f, "profile link.cable_length_m")->value == "3 m");
  CHECK(find_evidence(f, "module cable length")->value == "30 m");
  CHECK(f.remediation.front().starts_with("dcb pfc set dev ens1f0np0 delay 3 "));
}

TEST_CASE("BUF-CABLE: a configured length that matches, or that nothing contradicts, passes") {
  profile::Profile p = profile::default_profile();
  p.cable_length_m = 5;
  Scenario s = configured([](model::Host& h) { netdev(h).dcb.pfc->delay = 5; });
  CHECK(Run(s, p).result("BUF-CABLE").status == Status::ok);
  CHECK(Run(s).result("BUF-CABLE").status == Status::ok);  // 5 m set by hand, no source to compare
  p.cable_length_m = 50;
  Run run(s, p);
  const auto& f = only_finding(run, "BUF-CABLE");
  CHECK(f.title == "PFC cable length is 5 m, the profile (link.cable_length_m) says 50 m");
  CHECK(f.severity == Severity::warning);
}

TEST_CASE("BUF-CABLE: skipped on drivers whose PFC delay is not a cable length, and without PFC") {
  Run bnxt(configured([](model::Host& h) { netdev(h).driver->driver = "bnxt_en"; }));
  CHECK(bnxt.result("BUF-CABLE").status == Status::skipped);
  CHECK(bnxt.result("BUF-CABLE").skipped_reason ==
        "ens1f0np0: the PFC delay is a cable length only on mlx5 (bnxt_en reads it as bit times)");
  Run no_pfc(configured([](model::Host& h) {
    netdev(h).dcb.pfc = model::missing_from_errno<model::Pfc>(EOPNOTSUPP, "DCB_ATTR_IEEE_PFC");
  }));
  CHECK(no_pfc.result("BUF-CABLE").status == Status::skipped);
}

}  // namespace roce::test
