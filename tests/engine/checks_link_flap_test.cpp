// Scenario tests of LINK-FLAP (checks/link_flap.cpp).
#include "link_scenarios.hpp"

namespace roce::test {

TEST_CASE("LINK-FLAP: link-down events and carrier changes in the window") {
  Scenario s = healthy_scenario();
  s.now.link_down_events_phy = s.before.link_down_events_phy + 2;
  model::Host before = s.build_before(), now = s.build_now();
  *netdev(now).carrier_changes = *netdev(before).carrier_changes + 4;
  HostRun run(now, &before, 60);
  const auto f = only_finding(run.result("LINK-FLAP"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.title == "link went down 2 times in 60 s");
  CHECK(evidence_names(f) == std::vector<std::string>{"link_down_events_phy", "carrier_changes"});
  CHECK(evidence(f, "carrier_changes").delta == 4u);
  CHECK(evidence(f, "carrier_changes").from.source == "rtnetlink");
  CHECK(f.remediation.at(1) == "ethtool -m ens1f0np0");
}

TEST_CASE("LINK-FLAP: carrier changes alone (a driver without link-down counters)") {
  model::Host before = cx6dx_host(baseline_counters(), 1000000000), now = cx6dx_host(baseline_counters(), 61000000000);
  for (auto* h : {&before, &now}) {
    remove_counter(ethtool_stats(*h), "link_down_events_phy");
    remove_counter(*rdma_port(*h).counters, "link_downed");
  }
  *netdev(now).carrier_changes = *netdev(before).carrier_changes + 1;  // went down, not yet back
  const auto f = only_finding(HostRun(now, &before, 60).result("LINK-FLAP"));
  CHECK(f.title == "link went down 1 time in 60 s");

  // Without any of the three the port is skipped with the reason.
  for (auto* h : {&before, &now})
    netdev(*h).carrier_changes = Field<std::uint64_t>::missing(model::Availability::absent, "not collected");
  const auto r = HostRun(now, &before, 60).result("LINK-FLAP");
  CHECK(r.status == Status::skipped);
  CHECK_THAT(r.skipped_reason, Contains("no link-down counter"));
}

TEST_CASE("LINK-FLAP: post-FEC errors on the same port are named as the likely cause") {
  Scenario s = healthy_scenario();
  s.now.link_down_events_phy = s.before.link_down_events_phy + 1;
  s.now.rx_crc_errors_phy = s.before.rx_crc_errors_phy + 57;
  Run run(s);
  const auto flap = only_finding(run.result("LINK-FLAP"));
  CHECK(flap.caused_by == std::vector<std::string>{"LINK-SIGNAL@ens1f0np0"});
  const auto ranked = run.ranked();
  REQUIRE(ranked.size() >= 2);
  CHECK(ranked[0].id == "LINK-SIGNAL");
  CHECK(ranked[1].id == "LINK-FLAP");
}

}  // namespace roce::test
