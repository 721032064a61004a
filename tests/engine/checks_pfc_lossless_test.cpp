// Scenario tests of PFC-LOSSLESS (checks/pfc_lossless.cpp).
#include "qos_scenarios.hpp"

namespace roce::test {

TEST_CASE("PFC-LOSSLESS: PFC off on priority 3") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { netdev(h).dcb.pfc->pfc_en = 0; };
  Run run(s);
  const auto& f = only_finding(run, "PFC-LOSSLESS");
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.priority == 3);
  CHECK(f.title == "PFC is off on lossless priority 3");
  CHECK(f.evidence[0].value == "0:off 1:off 2:off 3:off 4:off 5:off 6:off 7:off");
  CHECK(f.evidence[0].from.locator == "ens1f0np0 DCB_ATTR_IEEE_PFC");
  CHECK(f.remediation.front().rfind("dcb pfc set dev ens1f0np0 prio-pfc 3:on", 0) == 0);
  // The driver then prints no PFC counters at all: PAUSE-STORM cannot judge, and says why.
  CHECK(run.result("PAUSE-STORM").status == Status::skipped);
  CHECK(run.result("PAUSE-STORM").skipped_reason.find("no pause-duration counters") != std::string::npos);
}

}  // namespace roce::test
