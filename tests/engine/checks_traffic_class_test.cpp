// Scenario tests of TRAFFIC-CLASS (checks/traffic_class.cpp).
#include "rates_scenarios.hpp"

namespace roce::test {

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

}  // namespace roce::test
