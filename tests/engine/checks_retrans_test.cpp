// Scenario tests of RETRANS (checks/retrans.cpp).
#include "observed_scenarios.hpp"

namespace roce::test {

TEST_CASE("RETRANS: sequence errors and retransmissions with their rates") {
  Scenario s = healthy_scenario();
  s.now.out_of_sequence = s.before.out_of_sequence + 1520;
  s.now.packet_seq_err = s.before.packet_seq_err + 310;
  s.now.local_ack_timeout_err = s.before.local_ack_timeout_err + 6;
  s.now.roce_adp_retrans = s.before.roce_adp_retrans + 1830;
  Run run(s);
  const auto& f = only_finding(run.result("RETRANS"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.to_string() == "ens1f0np0 (mlx5_0/1)");
  CHECK(f.title ==
        "RoCE retransmissions and sequence errors: out_of_sequence 1520 (25.3/s), packet_seq_err 310 (5.2/s), "
        "local_ack_timeout_err 6 (0.1/s), roce_adp_retrans 1830 (30.5/s)");
  CHECK(evidence_names(f) ==
        std::vector<std::string>{"out_of_sequence", "packet_seq_err", "local_ack_timeout_err", "roce_adp_retrans"});
  CHECK(f.evidence[0].value == "1532");
  CHECK(f.evidence[0].per_second == Approx(25.333).epsilon(1e-3));
  CHECK(f.evidence[0].from.source == "hw_counters");
  CHECK(f.explanation.find("ACK timeouts") != std::string::npos);
  CHECK(f.remediation ==
        std::vector<std::string>{"roce-doctor check --only DROP-LOSSLESS,DROP-HOST,LINK-SIGNAL,LINK-FLAP,BUF-HEADROOM",
                                 "rdma statistic show link mlx5_0/1",
                                 "ethtool -S ens1f0np0 | grep -E 'discard|crc|symbol|link_down|out_of_buffer'"});
  CHECK(f.caused_by.empty());  // no drop, link or configuration finding on the port
}

TEST_CASE("RETRANS: implied NAKs alone; sequence gaps alone mention reordering") {
  Scenario s = healthy_scenario();
  s.now.implied_nak_seq_err = s.before.implied_nak_seq_err + 4;
  Run implied(s);
  const auto& f = only_finding(implied.result("RETRANS"));
  CHECK(f.title == "RoCE retransmissions and sequence errors: implied_nak_seq_err 4 (0.1/s)");
  CHECK(f.explanation.find("reordering") == std::string::npos);

  s = healthy_scenario();
  s.now.out_of_sequence = s.before.out_of_sequence + 40;
  Run gaps(s);
  const auto& g = only_finding(gaps.result("RETRANS"));
  CHECK(g.explanation.find("reordering (multipath/ECMP)") != std::string::npos);
  CHECK(g.explanation.find("ACK timeouts") == std::string::npos);
}

TEST_CASE("RETRANS: drops on the lossless priority are linked as the cause") {
  Scenario s = healthy_scenario();
  s.now.prio[3].rx_discards = s.before.prio[3].rx_discards + 900;
  s.now.out_of_sequence = s.before.out_of_sequence + 880;
  Run run(s);
  CHECK(only_finding(run.result("RETRANS")).caused_by == std::vector<std::string>{"DROP-LOSSLESS@ens1f0np0"});
}

TEST_CASE("RETRANS: the max_per_s threshold and counter resets") {
  Scenario s = healthy_scenario();
  s.now.out_of_sequence = s.before.out_of_sequence + 30;  // 0.5/s
  profile::Profile p;
  p.thresholds["RETRANS"]["max_per_s"] = 1;
  CHECK(Run(s, p).result("RETRANS").status == Status::ok);

  s = healthy_scenario();
  s.now.packet_seq_err = 0;  // hw_counters cleared (driver reload): not a negative rate
  CHECK(Run(s).result("RETRANS").status == Status::ok);
  s.now.packet_seq_err = 3;
  Run since_reset(s);
  const auto& f = only_finding(since_reset.result("RETRANS"));
  CHECK(f.evidence[0].reset);
  CHECK(f.evidence[0].delta == 3u);
}

}  // namespace roce::test
