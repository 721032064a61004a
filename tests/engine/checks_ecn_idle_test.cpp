// Scenario tests of ECN-IDLE (checks/ecn_idle.cpp).
#include "observed_scenarios.hpp"

namespace roce::test {

TEST_CASE("ECN-IDLE: priority 3 paused 12% of the time while no ECN mark or CNP moves") {
  Scenario s = healthy_scenario();
  s.now.prio[3].rx_pause_duration = s.before.prio[3].rx_pause_duration + 7200000;  // 7.2 s of 60 s
  s.now.prio[3].rx_pause = s.before.prio[3].rx_pause + 95000;
  ecn_flat(s);
  Run run(s);
  const auto& f = only_finding(run.result("ECN-IDLE"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.priority == 3);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title ==
        "congestion on priority 3 handled by PFC alone: tx 1.0%, rx 12.0% of the time paused, no ECN mark or CNP");
  CHECK(evidence_names(f) == std::vector<std::string>{"tx_prio3_pause_duration", "rx_prio3_pause_duration",
                                                      "np_ecn_marked_roce_packets", "np_cnp_sent", "rp_cnp_handled"});
  CHECK(f.evidence[1].delta == 7200000u);
  for (int i = 2; i < 5; ++i) CHECK(f.evidence[i].delta == 0u);
  // The NIC's DCQCN switches are on: the path (switch marking) is where to look; no cause linked.
  CHECK(run.result("ECN-NIC").status == Status::ok);
  CHECK(f.caused_by.empty());
  CHECK(f.remediation == std::vector<std::string>{"roce-doctor check --only ECN-NIC,ECN-RED,QOS-DSCP-MAP",
                                                  "echo 1 > /sys/class/net/ens1f0np0/ecn/roce_np/enable/3",
                                                  "echo 1 > /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3"});
}

TEST_CASE("ECN-IDLE: DCQCN off on the NIC is linked as the cause") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *netdev(h).ecn->np[3] = false; };
  s.now.prio[3].tx_pause_duration = s.before.prio[3].tx_pause_duration + 3000000;  // 5%
  ecn_flat(s);
  Run run(s);
  const auto& f = only_finding(run.result("ECN-IDLE"));
  CHECK(f.title.find("tx 5.0%, rx 0.7%") != std::string::npos);
  CHECK(f.caused_by == std::vector<std::string>{"ECN-NIC@ens1f0np0"});
}

TEST_CASE("ECN-IDLE: light pausing with flat ECN is not congestion worth flagging") {
  Scenario s = healthy_scenario();
  s.now.prio[3].tx_pause_duration = s.before.prio[3].tx_pause_duration + 300000;  // 0.5%
  ecn_flat(s);
  CHECK(Run(s).result("ECN-IDLE").status == Status::ok);
  profile::Profile p;
  p.thresholds["ECN-IDLE"]["min_pause_fraction"] = 0.004;
  CHECK(Run(s, p).result("ECN-IDLE").status == Status::finding);
}

TEST_CASE("ECN-IDLE: any one ECN counter moving proves ECN works on the port") {
  Scenario s = healthy_scenario();
  s.now.prio[3].rx_pause_duration = s.before.prio[3].rx_pause_duration + 7200000;
  ecn_flat(s);
  s.now.rp_cnp_handled = s.before.rp_cnp_handled + 4000;  // this host is the sender and slows down
  CHECK(Run(s).result("ECN-IDLE").status == Status::ok);
}

TEST_CASE("ECN-IDLE: without the congestion counters it is skipped, never read as zero") {
  Scenario s = healthy_scenario();
  s.now.prio[3].rx_pause_duration = s.before.prio[3].rx_pause_duration + 7200000;
  EditedRun run(s, remove_congestion_group);
  const auto& r = run.result("ECN-IDLE");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason ==
        "ens1f0np0: ECN counters absent (roce.ecn_marked, roce.cnp_sent, roce.cnp_handled): mlx5 shows the "
        "congestion group (np_ecn_marked_roce_packets, np_cnp_sent, rp_cnp_handled) only with firmware cap "
        "cc_query_allowed; cannot tell whether ECN works");
  // ECN-CNP has nothing to read either, and says so.
  CHECK(run.result("ECN-CNP").status == Status::skipped);
  CHECK(run.result("ECN-CNP").skipped_reason.find("cc_query_allowed") != std::string::npos);
}

TEST_CASE("ECN-IDLE: one absent counter while the others are flat is not enough to judge") {
  Scenario s = healthy_scenario();
  s.now.prio[3].rx_pause_duration = s.before.prio[3].rx_pause_duration + 7200000;
  ecn_flat(s);
  EditedRun run(s, [](model::Host& h) { remove_counter(hw(h), "rp_cnp_handled"); });
  const auto& r = run.result("ECN-IDLE");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason.find("ECN counters absent (roce.cnp_handled)") != std::string::npos);
}

TEST_CASE("ECN-IDLE: with no congestion the absent ECN counters do not matter") {
  Scenario s = healthy_scenario();
  s.now.prio[3].tx_pause_duration = s.before.prio[3].tx_pause_duration + 120000;  // 0.2%
  EditedRun run(s, remove_congestion_group);
  CHECK(run.result("ECN-IDLE").status == Status::ok);
}

TEST_CASE("ECN-IDLE: pause frames per second where the NIC counts no pause duration") {
  Scenario s = healthy_scenario();
  s.now.prio[3].rx_pause = s.before.prio[3].rx_pause + 9000;  // 150/s
  ecn_flat(s);
  EditedRun run(s, [](model::Host& h) {
    remove_counter(ethtool(h), "rx_prio3_pause_duration");
    remove_counter(ethtool(h), "tx_prio3_pause_duration");
  });
  const auto& f = only_finding(run.result("ECN-IDLE"));
  CHECK(f.title == "congestion on priority 3 handled by PFC alone: tx 24, rx 150 pause frames/s, no ECN mark or CNP");
  CHECK(evidence_names(f).at(0) == "tx_prio3_pause");
  CHECK(evidence_names(f).at(1) == "rx_prio3_pause");
}

TEST_CASE("ECN-IDLE: skipped without PFC counters and when the profile wants no ECN") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { netdev(h).dcb.pfc->pfc_en = 0; };  // the driver drops the PFC counters
  ecn_flat(s);
  Run no_pfc(s);
  const auto& r = no_pfc.result("ECN-IDLE");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "ens1f0np0: no pause counters on the lossless priorities (PFC off?)");

  profile::Profile no_ecn;
  no_ecn.ecn_priorities.clear();
  Run no_ecn_run(healthy_scenario(), no_ecn);
  const auto& r2 = no_ecn_run.result("ECN-IDLE");
  CHECK(r2.status == Status::skipped);
  CHECK(r2.skipped_reason == "ens1f0np0: the profile expects ECN on no lossless priority");
}

}  // namespace roce::test
