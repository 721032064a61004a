// Scenario tests of PFC-GLOBAL-PAUSE (checks/pfc_global_pause.cpp).
#include "qos_config_scenarios.hpp"

namespace roce::test {

TEST_CASE("PFC-GLOBAL-PAUSE: 802.3x pause on next to PFC, with the global pause counters") {
  Scenario s = configured([](model::Host& h) {
    auto& nd = netdev(h);
    nd.pause->rx = true;
    nd.pause->tx = true;
  });
  s.before.global.tx_pause = 5000, s.now.global.tx_pause = 5400;
  Run run(s);
  const auto& f = only_finding(run, "PFC-GLOBAL-PAUSE");
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.rdma_device == "mlx5_0");
  CHECK(f.title == "802.3x global pause is on (rx on, tx on) together with PFC");
  REQUIRE(find_evidence(f, "ethtool -a"));
  CHECK(find_evidence(f, "ethtool -a")->value == "autoneg off rx on tx on");
  CHECK(find_evidence(f, "ethtool -a")->from.locator == "ens1f0np0 PAUSE_GET");
  REQUIRE(find_evidence(f, "tx_global_pause"));
  CHECK(find_evidence(f, "tx_global_pause")->value == "5400");
  CHECK(f.remediation.front() == "ethtool -A ens1f0np0 rx off tx off");
}

TEST_CASE("PFC-GLOBAL-PAUSE: rx only with autoneg adds autoneg off; the profile may allow it") {
  Scenario s = configured([](model::Host& h) {
    auto& nd = netdev(h);
    nd.pause->autoneg = true;
    nd.pause->rx = true;
  });
  Run run(s);
  const auto& f = only_finding(run, "PFC-GLOBAL-PAUSE");
  CHECK(f.title == "802.3x global pause is on (rx on, tx off) together with PFC");
  CHECK(f.remediation.front() == "ethtool -A ens1f0np0 autoneg off rx off tx off");
  profile::Profile allow = profile::default_profile();
  allow.global_pause = true;
  CHECK(Run(s, allow).result("PFC-GLOBAL-PAUSE").status == Status::ok);
}

TEST_CASE("PFC-GLOBAL-PAUSE: global pause without any PFC is not this check's case") {
  Scenario s = configured([](model::Host& h) {
    auto& nd = netdev(h);
    nd.pause->rx = nd.pause->tx = true;
    nd.dcb.pfc->pfc_en = 0;
  });
  Run run(s);
  CHECK(run.result("PFC-GLOBAL-PAUSE").status == Status::ok);
  CHECK(run.result("PFC-LOSSLESS").status == Status::finding);
}

TEST_CASE("PFC-GLOBAL-PAUSE: skipped when the pause parameters cannot be read") {
  Run run(configured([](model::Host& h) {
    netdev(h).pause = model::missing_from_errno<model::PauseParams>(EPERM, "ETHTOOL_MSG_PAUSE_GET");
  }));
  const auto& r = run.result("PFC-GLOBAL-PAUSE");
  CHECK(r.status == Status::skipped);
  CHECK(contains(r.skipped_reason, "pause-params denied"));
}

}  // namespace roce::test
