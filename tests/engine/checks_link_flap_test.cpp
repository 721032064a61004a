// Scenario tests of LINK-FLAP (checks/link_flap.cpp).
#include "link_scenarios.hpp"
#include "rails_scenarios.hpp"

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

namespace roce::test {

namespace {

// The host after a driver reload (or firmware reset): every netdev re-created, new ifindex,
// carrier_changes restarted (one carrier-up so far), the ethtool -S counters counting again from 0
// (here: a thousandth of before) and the reset's own link-down in link_down_events_phy.
model::Host reloaded(const model::Host& before, std::int64_t monotonic_ns) {
  model::Host h = before;
  h.monotonic_ns = monotonic_ns;
  for (auto& nd : h.netdevs) {
    *nd.ifindex += 20;
    *nd.carrier_changes = 1;
    for (auto& [name, v] : nd.ethtool_stats->entries) v /= 1000;
    set_counter(*nd.ethtool_stats, "link_down_events_phy", 1);
  }
  return h;
}

}  // namespace

TEST_CASE("LINK-FLAP: a driver reload between the samples is no flap on every rail") {
  Rails rails = multi_rail_host(1000000000);
  for (auto& nd : rails.host.netdevs) *nd.carrier_changes = 6;  // three flaps since boot, long ago
  const model::Host now = reloaded(rails.host, 61000000000);
  const auto r = HostRun(now, &rails.host, 60).result("LINK-FLAP");
  INFO(describe(r));
  CHECK(findings_of(r, Severity::critical).empty());
  REQUIRE(r.findings.size() == 12);
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::info);
  CHECK(f.title ==
        "netdev was reset between the samples (ifindex 4 -> 24, carrier_changes 6 -> 1, 70 of 70 ethtool -S "
        "counters went backwards): link events in the window not judged");
  CHECK(evidence_names(f) ==
        std::vector<std::string>{"ifindex", "carrier_changes", "ethtool -S counters that went backwards"});
  CHECK(evidence(f, "carrier_changes").reset);
  CHECK_THAT(f.explanation, Contains("QoS checks judge what the NIC holds now"));
  // The rest of the catalog still sees the window: nothing else is critical because of it.
  for (const auto& other : HostRun(now, &rails.host, 60).results)
    if (other.id != "LINK-SIGNAL") CHECK(findings_of(other, Severity::critical).empty());
}

TEST_CASE("LINK-FLAP: the QoS setting a reset lost ranks first, the reset last") {
  Scenario s = healthy_scenario();
  model::Host before = s.build_before(), now = s.build_now();
  // A firmware reset between the samples: ifindex and carrier_changes restarted, PFC back to off.
  *netdev(now).ifindex = 9;
  *netdev(now).carrier_changes = 1;
  netdev(now).dcb.pfc->pfc_en = 0;
  HostRun run(now, &before, 60);
  const auto ranked = engine::ranked_findings(checks::all_checks(), run.results);
  REQUIRE(ranked.size() >= 2);
  CHECK(ranked.front().id == "PFC-LOSSLESS");
  CHECK(ranked.front().severity == Severity::critical);
  CHECK(ranked.back().id == "LINK-FLAP");
  CHECK(ranked.back().severity == Severity::info);
}

TEST_CASE("LINK-FLAP: each sign of a reset is enough; one counter going backwards is not one") {
  Rails rails = multi_rail_host(1000000000);
  const model::Host& before = rails.host;
  const std::string rail = rails.cx7[0];
  auto reset_of = [&](const model::Host& now) {
    engine::Context ctx(now, &before, 60, profile::default_profile());
    for (const auto& p : ctx.ports())
      if (p.name() == rail) return p.reset;
    throw std::logic_error("no port " + rail);
  };
  model::Host now = before;
  now.monotonic_ns = 61000000000;
  CHECK_FALSE(reset_of(now));

  // The ifindex alone: the netdev re-created and already past its first carrier-up and -down.
  model::Host recreated = now;
  *netdev(recreated, rail).ifindex = 99;
  *netdev(recreated, rail).carrier_changes = 3;
  REQUIRE(reset_of(recreated));
  CHECK(reset_of(recreated)->signs == "ifindex 4 -> 99");
  const auto r = HostRun(recreated, &before, 60).result("LINK-FLAP");
  CHECK(findings_of(r, Severity::critical).empty());
  CHECK(findings_of(r, Severity::info).size() == 1);

  // carrier_changes alone (a capture without ifindex or ethtool -S).
  model::Host carrier = now;
  netdev(carrier, rail).ifindex = Field<std::uint32_t>::missing(model::Availability::absent, "not captured");
  *netdev(carrier, rail).carrier_changes = 1;
  CHECK(reset_of(carrier)->signs == "carrier_changes 2 -> 1");

  // One ethtool counter cleared (a port re-init, e.g. rx_discards_phy): the netdev lives on, and a
  // real flap in the same window is judged.
  model::Host cleared = now;
  set_counter(*netdev(cleared, rail).ethtool_stats, "rx_packets_phy", 0);
  CHECK_FALSE(reset_of(cleared));
  *netdev(cleared, rail).carrier_changes = 4;
  const auto flap = HostRun(cleared, &before, 60).result("LINK-FLAP");
  REQUIRE(flap.findings.size() == 1);
  CHECK(flap.findings[0].severity == Severity::critical);
  CHECK(flap.findings[0].title == "link went down 1 time in 60 s");
}

}  // namespace roce::test
