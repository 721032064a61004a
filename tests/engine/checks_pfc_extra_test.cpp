// Scenario tests of PFC-EXTRA (checks/pfc_extra.cpp).
#include "qos_config_scenarios.hpp"

namespace roce::test {

TEST_CASE("PFC-EXTRA: PFC on the CNP priority and on priority 0") {
  Run run(configured([](model::Host& h) { netdev(h).dcb.pfc->pfc_en = (1 << 3) | (1 << 6) | (1 << 0); }));
  const auto& r = run.result("PFC-EXTRA");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);
  const auto& f0 = r.findings[0];
  CHECK(f0.severity == Severity::warning);
  CHECK(f0.subject.netdev == "ens1f0np0");
  CHECK(f0.subject.priority == 0);
  CHECK(f0.title == "PFC is on for priority 0, which carries no lossless class");
  REQUIRE(f0.evidence.size() == 1);
  CHECK(f0.evidence[0].value == "0:on 1:off 2:off 3:on 4:off 5:off 6:on 7:off");
  CHECK(f0.evidence[0].from.locator == "ens1f0np0 DCB_ATTR_IEEE_PFC");
  CHECK(f0.remediation.front() ==
        "dcb pfc set dev ens1f0np0 prio-pfc 0:off    # mlx5 toggles the link when the PFC mask changes");
  const auto& f6 = r.findings[1];
  CHECK(f6.subject.priority == 6);
  CHECK(f6.title == "PFC is on for priority 6, which carries no lossless class (it is the CNP priority)");
  CHECK(contains(f6.explanation, "CNPs"));
  // The lossless priority itself is not reported, and PFC-LOSSLESS is satisfied.
  CHECK(run.result("PFC-LOSSLESS").status == Status::ok);
}

TEST_CASE("PFC-EXTRA: a two-class profile accepts PFC on both of its priorities") {
  profile::Profile two = profile::default_profile();
  two.lossless = {{3, {26}}, {4, {34}}};
  Scenario s = configured([](model::Host& h) { netdev(h).dcb.pfc->pfc_en = (1 << 3) | (1 << 4); });
  CHECK(Run(s, two).result("PFC-EXTRA").status == Status::ok);
  CHECK(Run(s).result("PFC-EXTRA").findings.at(0).subject.priority == 4);
}

TEST_CASE("PFC-EXTRA: skipped without the PFC object") {
  Run run(configured([](model::Host& h) {
    netdev(h).dcb.pfc = model::missing_from_errno<model::Pfc>(EOPNOTSUPP, "DCB_ATTR_IEEE_PFC");
  }));
  const auto& r = run.result("PFC-EXTRA");
  CHECK(r.status == Status::skipped);
  CHECK(contains(r.skipped_reason, "dcb-pfc unsupported"));
}

}  // namespace roce::test
