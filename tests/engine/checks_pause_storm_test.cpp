// Scenario tests of PAUSE-STORM (checks/pause_storm.cpp).
#include "rates_scenarios.hpp"

namespace roce::test {

TEST_CASE("PAUSE-STORM: the port pauses its peer 62% of the time on priority 3") {
  Scenario s = healthy_scenario();
  s.now.prio[3].tx_pause_duration = s.before.prio[3].tx_pause_duration + 37200000;  // 37.2 s of 60 s
  s.now.prio[3].tx_pause = s.before.prio[3].tx_pause + 4914002;
  Run run(s);
  const auto& r = result(run, "PAUSE-STORM");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.priority == 3);
  CHECK(f.title == "port pauses its peer 62.0% of the time on priority 3");
  CHECK(f.evidence[0].name == "tx_prio3_pause_duration");
  CHECK(f.evidence[1].name == "tx_prio3_pause");
}

TEST_CASE("PAUSE-STORM: being paused 25% of the time warns; thresholds come from the profile") {
  Scenario s = healthy_scenario();
  s.now.prio[3].rx_pause_duration = s.before.prio[3].rx_pause_duration + 15000000;
  const auto f = Run(s).result("PAUSE-STORM").findings.at(0);
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "port is paused 25.0% of the time on priority 3");
  profile::Profile p;
  p.thresholds["PAUSE-STORM"]["warning_fraction"] = 0.3;
  CHECK(Run(s, p).result("PAUSE-STORM").status == Status::ok);
}

TEST_CASE("PAUSE-STORM: storm watchdog events") {
  Scenario s = healthy_scenario();
  s.now.tx_pause_storm_error_events = s.before.tx_pause_storm_error_events + 2;
  s.now.tx_pause_storm_warning_events = s.before.tx_pause_storm_warning_events + 9;
  const auto r = Run(s).result("PAUSE-STORM");
  REQUIRE(r.findings.size() == 2);
  CHECK(r.findings[0].severity == Severity::critical);
  CHECK(r.findings[0].title == "2 pause-storm error events: the NIC stopped sending pauses");
  CHECK(r.findings[0].evidence[0].name == "tx_pause_storm_error_events");
  CHECK(r.findings[1].severity == Severity::warning);
}

TEST_CASE("PAUSE-STORM: 802.3x global pause duration counts too") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { netdev(h).pause->rx = netdev(h).pause->tx = true; };
  s.now.global.tx_pause_duration = s.before.global.tx_pause_duration + 45000000;
  const auto f = Run(s).result("PAUSE-STORM").findings.at(0);
  CHECK(f.severity == Severity::critical);
  CHECK(f.title == "port pauses its peer 75.0% of the time on 802.3x global pause");
  CHECK(f.evidence[0].name == "tx_global_pause_duration");
}

}  // namespace roce::test
