// Scenario tests of ECN-NIC (checks/ecn_nic.cpp).
#include "physics/headroom.hpp"
#include "scenario_prelude.hpp"

namespace roce::test {

TEST_CASE("ECN-NIC: reaction point off on priority 3") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *netdev(h).ecn->rp[3] = false; };
  Run run(s);
  const auto& r = run.result("ECN-NIC");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.priority == 3);
  CHECK(f.title == "DCQCN reaction point disabled on priority 3");
  CHECK(f.remediation == std::vector<std::string>{"echo 1 > /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3"});
  CHECK(f.evidence[1].from.locator == "/sys/class/net/ens1f0np0/ecn/roce_rp/enable/3");
}

TEST_CASE("ECN-NIC: both points off; other priorities do not matter") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    auto& ecn = *netdev(h).ecn;
    *ecn.np[3] = false, *ecn.rp[3] = false, *ecn.np[0] = false;
  };
  const auto r = Run(s).result("ECN-NIC");
  REQUIRE(r.findings.size() == 1);
  CHECK(r.findings[0].title == "DCQCN notification and reaction points disabled on priority 3");
  CHECK(r.findings[0].remediation.size() == 2);
}

TEST_CASE("ECN-NIC: upstream mlx5 has no ecn sysfs: skipped, never ok") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    netdev(h).ecn = model::Field<model::NicEcn>::missing(model::Availability::unsupported,
                                                         "no /sys/class/net/ens1f0np0/ecn (upstream driver)");
  };
  const auto r = Run(s).result("ECN-NIC");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "ens1f0np0: nic-ecn unsupported (no /sys/class/net/ens1f0np0/ecn (upstream driver))");
}

}  // namespace roce::test
