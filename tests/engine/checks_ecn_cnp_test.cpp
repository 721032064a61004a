// Scenario tests of ECN-CNP (checks/ecn_cnp.cpp).
#include "observed_scenarios.hpp"

namespace roce::test {

TEST_CASE("ECN-CNP: CNPs ignored by the reaction point") {
  Scenario s = healthy_scenario();
  s.now.rp_cnp_ignored = s.before.rp_cnp_ignored + 5000;
  Run run(s);
  const auto& f = only_finding(run.result("ECN-CNP"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.to_string() == "ens1f0np0 (mlx5_0/1)");
  CHECK(f.title ==
        "5000 CNPs ignored by the reaction point (83.3/s): congestion control is off on the priority they arrive for");
  CHECK(evidence_names(f) == std::vector<std::string>{"rp_cnp_ignored", "rp_cnp_handled"});
  CHECK(f.evidence[0].delta == 5000u);
  CHECK(f.evidence[0].per_second == Approx(83.333).epsilon(1e-3));
  CHECK(f.remediation == std::vector<std::string>{"mlxconfig -d 0000:b1:00.0 query ROCE_CC_PRIO_MASK_P1",
                                                  "mlxconfig -d 0000:b1:00.0 set ROCE_CC_PRIO_MASK_P1=255",
                                                  "roce-doctor check --only ECN-NIC,TRAFFIC-CLASS"});
  CHECK(f.caused_by.empty());
}

TEST_CASE("ECN-CNP: a disabled reaction point is named in the remedy and linked as the cause") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *netdev(h).ecn->rp[3] = false; };
  s.now.rp_cnp_ignored = s.before.rp_cnp_ignored + 28000;
  s.now.rp_cnp_handled = s.before.rp_cnp_handled;
  Run run(s);
  const auto& f = only_finding(run.result("ECN-CNP"));
  CHECK(f.remediation.front() == "echo 1 > /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3");
  CHECK(f.caused_by == std::vector<std::string>{"ECN-NIC@ens1f0np0"});
}

TEST_CASE("ECN-CNP: the second port of the card is P2 for mlxconfig") {
  Scenario s = healthy_scenario();
  s.now.rp_cnp_ignored = s.before.rp_cnp_ignored + 60;
  EditedRun run(s, add_second_port);
  const auto& r = run.result("ECN-CNP");
  REQUIRE(r.findings.size() == 2);
  CHECK(r.findings[0].subject.netdev == "ens1f0np0");
  CHECK(r.findings[1].subject.netdev == "ens1f1np1");
  CHECK(contains(r.findings[1].remediation, "mlxconfig -d 0000:b1:00.1 set ROCE_CC_PRIO_MASK_P2=255"));
}

TEST_CASE("ECN-CNP: CNPs sent here say nothing about the peer; the threshold is per second") {
  Scenario s = healthy_scenario();
  s.now.rp_cnp_handled = s.before.rp_cnp_handled;  // this host sends CNPs, but is not itself slowed
  s.now.np_cnp_sent = s.before.np_cnp_sent + 80000;
  CHECK(Run(s).result("ECN-CNP").status == Status::ok);

  s = healthy_scenario();
  s.now.rp_cnp_ignored = s.before.rp_cnp_ignored + 30;  // 0.5/s
  profile::Profile p;
  p.thresholds["ECN-CNP"]["max_ignored_per_s"] = 1;
  CHECK(Run(s, p).result("ECN-CNP").status == Status::ok);
  CHECK(Run(s).result("ECN-CNP").status == Status::finding);
}

TEST_CASE("ECN-CNP: skipped when the RDMA counters are unreadable") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    rdma_port(h).hw_counters =
        model::Field<model::CounterSet>::missing(model::Availability::denied, "Permission denied",
                                                 {"sysfs", "/sys/class/infiniband/mlx5_0/ports/1/hw_counters"});
  };
  Run run(s);
  for (const char* id : {"ECN-CNP", "RETRANS"}) {
    INFO(id);
    CHECK(run.result(id).status == Status::skipped);
    CHECK(run.result(id).skipped_reason == "ens1f0np0: rdma-counters denied (Permission denied)");
  }
}

}  // namespace roce::test
