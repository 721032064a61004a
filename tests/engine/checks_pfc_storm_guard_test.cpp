// Scenario tests of PFC-STORM-GUARD (checks/pfc_storm_guard.cpp).
#include "qos_config_scenarios.hpp"

namespace roce::test {

TEST_CASE("PFC-STORM-GUARD: timeout 0 disables the watchdog") {
  Run run(configured([](model::Host& h) { *netdev(h).pfc_prevention_tout_ms = 0; }));
  const auto& f = only_finding(run, "PFC-STORM-GUARD");
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title == "PFC storm prevention is disabled (pfc-prevention-tout 0)");
  CHECK(f.evidence.at(0).value == "0 (disabled)");
  CHECK(f.evidence.at(0).from.locator == "ens1f0np0 ETHTOOL_PFC_PREVENTION_TOUT");
  CHECK(f.remediation == std::vector<std::string>{"ethtool --set-tunable ens1f0np0 pfc-prevention-tout 100"});
}

TEST_CASE("PFC-STORM-GUARD: auto (0xffff) and explicit timeouts pass; unsupported is skipped") {
  CHECK(Run(configured([](model::Host& h) { *netdev(h).pfc_prevention_tout_ms = 0xffff; }))
            .result("PFC-STORM-GUARD")
            .status == Status::ok);
  CHECK(Run(configured([](model::Host& h) { *netdev(h).pfc_prevention_tout_ms = 8000; }))
            .result("PFC-STORM-GUARD")
            .status == Status::ok);
  Run run(configured([](model::Host& h) {
    netdev(h).pfc_prevention_tout_ms =
        model::missing_from_errno<std::uint32_t>(EOPNOTSUPP, "ETHTOOL_PFC_PREVENTION_TOUT");
  }));
  const auto& r = run.result("PFC-STORM-GUARD");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason ==
        "ens1f0np0: pfc-prevention-tout unsupported (ETHTOOL_PFC_PREVENTION_TOUT: Operation not "
        "supported)");
}

TEST_CASE("PFC-STORM-GUARD: one port of two without the watchdog") {
  Scenario s = configured([](model::Host& h) {
    add_second_port(h);
    *netdev(h, "ens1f1np1").pfc_prevention_tout_ms = 0;
  });
  Run run(s);
  const auto& f = only_finding(run, "PFC-STORM-GUARD");
  CHECK(f.subject.netdev == "ens1f1np1");
  CHECK(f.subject.rdma_device == "mlx5_1");
}

}  // namespace roce::test
