// Scenario tests of DROP-LOSSLESS (checks/drop_lossless.cpp).
#include "rates_scenarios.hpp"

namespace roce::test {

TEST_CASE("DROP-LOSSLESS: discards on priority 3 while it pauses the peer (headroom signature)") {
  Scenario s = healthy_scenario();
  // mlx5 counts each drop in rx_prio3_discards and again in rx_prio3_buf_discard (the per-host view
  // of the same frames, counters/mlx5.cpp), and once in the port total rx_discards_phy.
  s.now.prio[3].rx_discards = s.before.prio[3].rx_discards + 1520;
  s.now.prio[3].buf_discard = s.before.prio[3].buf_discard + 1520;
  s.now.rx_discards_phy = s.before.rx_discards_phy + 1520;
  Run run(s);
  const auto& r = result(run, "DROP-LOSSLESS");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  const auto& f = r.findings[0];
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.priority == 3);
  CHECK(f.title == "1520 packets dropped on lossless priority 3 (25.3/s)");  // counted once
  std::vector<std::string> names;
  for (const auto& e : f.evidence) names.push_back(e.name);
  CHECK(names ==
        std::vector<std::string>{"rx_prio3_discards", "rx_prio3_buf_discard", "rx_discards_phy", "tx_prio3_pause"});
  CHECK(f.evidence[0].delta == 1520u);
  CHECK(f.evidence[1].delta == 1520u);
  CHECK(f.evidence[3].delta == 1433u);  // pausing, and still dropping
  CHECK(f.caused_by.empty());           // no configuration finding explains it
}

TEST_CASE("DROP-LOSSLESS: the larger of the two counters is the count, whichever the driver has") {
  Scenario s = healthy_scenario();
  // A multi-host adapter: this host's rx_prio3_buf_discard sees its share of the port's drops.
  s.now.prio[3].rx_discards = s.before.prio[3].rx_discards + 900;
  s.now.prio[3].buf_discard = s.before.prio[3].buf_discard + 300;
  CHECK(only_finding(Run(s), "DROP-LOSSLESS").title == "900 packets dropped on lossless priority 3 (15.0/s)");
  // A kernel before 5.6 has no rx_prioN_discards: rx_prio3_buf_discard alone.
  s.now.prio[3].rx_discards = s.before.prio[3].rx_discards;
  s.now.prio[3].buf_discard = s.before.prio[3].buf_discard + 300;
  CHECK(only_finding(Run(s), "DROP-LOSSLESS").title == "300 packets dropped on lossless priority 3 (5.0/s)");
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

}  // namespace roce::test
