// Scenario tests for the checks over two samples: DROP-LOSSLESS, TRAFFIC-CLASS, PAUSE-STORM.
#include <catch2/catch.hpp>

#include "host_builder.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::testing;
using engine::Severity;
using Status = engine::CheckResult::Status;

namespace {
const engine::CheckResult& result(const Run& run, std::string_view id) {
  INFO(run.describe());
  return run.result(id);
}
}  // namespace

TEST_CASE("DROP-LOSSLESS: discards on priority 3 while it pauses the peer (headroom signature)") {
  Scenario s = healthy_scenario();
  s.now.prio[3].rx_discards = s.before.prio[3].rx_discards + 1520;
  s.now.prio[3].buf_discard = s.before.prio[3].buf_discard + 44;
  s.now.rx_discards_phy = s.before.rx_discards_phy + 1564;
  Run run(s);
  const auto& r = result(run, "DROP-LOSSLESS");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.priority == 3);
  CHECK(f.title == "1564 packets dropped on lossless priority 3 (26.1/s)");
  std::vector<std::string> names;
  for (const auto& e : f.evidence) names.push_back(e.name);
  CHECK(names ==
        std::vector<std::string>{"rx_prio3_discards", "rx_prio3_buf_discard", "rx_discards_phy", "tx_prio3_pause"});
  CHECK(f.evidence[0].delta == 1520u);
  CHECK(f.evidence[3].delta == 1433u);  // pausing, and still dropping
  CHECK(f.caused_by.empty());           // no configuration finding explains it
}

TEST_CASE("DROP-LOSSLESS: a too-small buffer is linked as the cause") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { netdev(h).dcb.buffer->buffer_size[1] = 40960; };
  s.now.prio[3].rx_discards = s.before.prio[3].rx_discards + 800;
  Run run(s);
  const auto& drop = result(run, "DROP-LOSSLESS").findings.at(0);
  CHECK(drop.caused_by == std::vector<std::string>{"BUF-HEADROOM@ens1f0np0"});
  auto ranked = run.ranked();
  REQUIRE(ranked.size() == 2);
  CHECK(ranked[0].id == "BUF-HEADROOM");
}

TEST_CASE("DROP-LOSSLESS: the max_drops threshold tolerates a few") {
  Scenario s = healthy_scenario();
  s.now.prio[3].rx_discards = s.before.prio[3].rx_discards + 3;
  profile::Profile p;
  p.thresholds["DROP-LOSSLESS"]["max_drops"] = 5;
  CHECK(Run(s, p).result("DROP-LOSSLESS").status == Status::ok);
  CHECK(Run(s).result("DROP-LOSSLESS").status == Status::finding);
}

TEST_CASE("DROP-LOSSLESS: drops on a lossy priority without RDMA on it are not its business") {
  Scenario s = healthy_scenario();
  s.now.prio[0].rx_discards = s.before.prio[0].rx_discards + 9000;  // TCP on prio 0, lossy by design
  s.now.rx_discards_phy = s.before.rx_discards_phy + 9000;
  CHECK(Run(s).result("DROP-LOSSLESS").status == Status::ok);
}

TEST_CASE("DROP-LOSSLESS: a counter reset is a reset, not a huge negative or positive delta") {
  Scenario s = healthy_scenario();
  s.before.prio[3].rx_discards = 777;  // cleared by a port re-init between the samples
  s.now.prio[3].rx_discards = 0;
  CHECK(Run(s).result("DROP-LOSSLESS").status == Status::ok);
  s.now.prio[3].rx_discards = 12;  // 12 drops since the reset
  const auto f = Run(s).result("DROP-LOSSLESS").findings.at(0);
  CHECK(f.evidence[0].reset);
  CHECK(f.evidence[0].delta == 12u);
}

TEST_CASE("TRAFFIC-CLASS: RDMA bytes move on priority 0") {
  Scenario s = healthy_scenario();
  std::swap(s.now.prio[0], s.now.prio[3]);  // counters of 0 and 3 traded: RoCE lands on 0
  std::swap(s.before.prio[0], s.before.prio[3]);
  Run run(s);
  const auto& r = result(run, "TRAFFIC-CLASS");
  REQUIRE(r.status == Status::finding);
  const auto& f = r.findings.at(0);
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.priority == 0);
  CHECK(f.title.rfind("RDMA traffic rides priority 0, not the lossless priorities (0.0%", 0) == 0);
  CHECK(f.evidence[0].name == "rx_vport_rdma_unicast_bytes");
  CHECK(f.evidence[0].delta == 177100000000u);
  CHECK(f.caused_by.empty());  // the configuration looks right: the application marks the wrong DSCP
}

TEST_CASE("TRAFFIC-CLASS: an idle port is judged ok, not flagged") {
  Scenario s = healthy_scenario();
  s.now = s.before;  // nothing moved in 60 s
  CHECK(Run(s).result("TRAFFIC-CLASS").status == Status::ok);
}

TEST_CASE("TRAFFIC-CLASS: skipped without the vport RDMA counters") {
  Scenario s = healthy_scenario();
  model::Host before = s.build_before(), now = s.build_now();
  for (auto* h : {&before, &now})
    for (const char* n : {"rx_vport_rdma_unicast_bytes", "tx_vport_rdma_unicast_bytes"})
      remove_counter(*netdev(*h).ethtool_stats, n);
  profile::Profile p;
  engine::Context ctx(now, &before, 60, p);
  auto results = checks::run_checks(ctx, {{"TRAFFIC-CLASS"}, {}});
  REQUIRE(results.size() == 1);
  CHECK(results[0].status == Status::skipped);
  CHECK(results[0].skipped_reason.find("rx/tx_vport_rdma_unicast_bytes") != std::string::npos);
}

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
