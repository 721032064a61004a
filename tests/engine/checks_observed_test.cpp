// Scenario tests for the observed-behaviour checks over two samples: DROP-HOST, ECN-IDLE, ECN-CNP,
// RETRANS. The healthy baseline (run by test_checks) keeps all four ok.
#include <catch2/catch.hpp>

#include "observed_run.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::testing;
using engine::Severity;
using Status = engine::CheckResult::Status;

namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

const engine::Finding& only_finding(const engine::CheckResult& r) {
  INFO(r.id << " " << engine::to_string(r.status) << " " << r.skipped_reason);
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

model::CounterSet& ethtool(model::Host& h) { return *netdev(h).ethtool_stats; }
model::CounterSet& hw(model::Host& h) { return *rdma_port(h).hw_counters; }

void remove_congestion_group(model::Host& h) {
  for (const char* n : {"rp_cnp_ignored", "rp_cnp_handled", "np_ecn_marked_roce_packets", "np_cnp_sent"})
    remove_counter(hw(h), n);
}

// ECN marks and CNPs stop moving: nothing on the path marks or reacts.
void ecn_flat(Scenario& s) {
  s.now.np_ecn_marked_roce_packets = s.before.np_ecn_marked_roce_packets;
  s.now.np_cnp_sent = s.before.np_cnp_sent;
  s.now.rp_cnp_handled = s.before.rp_cnp_handled;
}

}  // namespace

TEST_CASE("observed checks are ok on the healthy baseline, and skipped with one sample") {
  Run run(healthy_scenario());
  for (const char* id : {"DROP-HOST", "ECN-IDLE", "ECN-CNP", "RETRANS"}) {
    INFO(id << ": " << run.result(id).skipped_reason);
    CHECK(run.result(id).status == Status::ok);
    CHECK(run.result(id).notes.empty());
  }
  Run one(healthy_scenario(), profile::default_profile(), /*with_before=*/false);
  for (const char* id : {"DROP-HOST", "ECN-IDLE", "ECN-CNP", "RETRANS"}) {
    INFO(id);
    CHECK(one.result(id).status == Status::skipped);
    CHECK(one.result(id).skipped_reason == "needs two samples");
  }
}

// ---------------------------------------------------------------------------------------------
// DROP-HOST

TEST_CASE("DROP-HOST: receive queues starve (rx_out_of_buffer)") {
  Scenario s = healthy_scenario();
  s.now.rx_out_of_buffer = s.before.rx_out_of_buffer + 52000;
  Run run(s);
  const auto& f = only_finding(run.result("DROP-HOST"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.to_string() == "ens1f0np0 (mlx5_0/1)");
  CHECK_FALSE(f.subject.priority.has_value());
  CHECK(f.title == "host cannot keep up: 52000 receive-queue drops (866.7/s)");
  REQUIRE(f.evidence.size() == 1);
  CHECK(f.evidence[0].name == "rx_out_of_buffer");
  CHECK(f.evidence[0].value == "53841");
  CHECK(f.evidence[0].delta == 52000u);
  CHECK(f.evidence[0].from.source == "ethtool");
  CHECK(f.remediation == std::vector<std::string>{"ethtool -g ens1f0np0", "ethtool -G ens1f0np0 rx 8192",
                                                  "grep ens1f0np0 /proc/interrupts"});
  CHECK(f.explanation.find("not a fabric problem") != std::string::npos);
  // The old burst in the baseline (1841 before either sample) is not counted.
  CHECK(Run(healthy_scenario()).result("DROP-HOST").status == Status::ok);
}

TEST_CASE("DROP-HOST: RDMA receive queues without WQEs (hw_counters out_of_buffer)") {
  Scenario s = healthy_scenario();
  s.now.out_of_buffer = s.before.out_of_buffer + 3000;
  Run run(s);
  const auto& f = only_finding(run.result("DROP-HOST"));
  CHECK(f.title == "host cannot keep up: 3000 RDMA receive-WQE shortages (50.0/s)");
  CHECK(f.evidence[0].name == "out_of_buffer");
  CHECK(f.evidence[0].from.source == "hw_counters");
  CHECK(f.remediation == std::vector<std::string>{"rdma statistic show link mlx5_0/1"});
}

TEST_CASE("DROP-HOST: PCIe back-pressure; the stall values are gauges read as they are now") {
  Scenario s = healthy_scenario();
  EditedRun run(s, {}, [](model::Host& h) {
    set_counter(ethtool(h), "outbound_pci_stalled_wr", 64);  // % of the last second
    set_counter(ethtool(h), "outbound_pci_stalled_wr_events", 41);
    set_counter(ethtool(h), "outbound_pci_buffer_overflow", 1200);
  });
  const auto& f = only_finding(run.result("DROP-HOST"));
  CHECK(f.title == "host cannot keep up: 1200 PCIe buffer-overflow drops, PCIe writes stalled 64% of the last second");
  CHECK(evidence_names(f) == std::vector<std::string>{"outbound_pci_buffer_overflow", "outbound_pci_stalled_wr",
                                                      "outbound_pci_stalled_wr_events"});
  CHECK(f.evidence[1].value == "64% (of the last second)");
  CHECK_FALSE(f.evidence[1].delta.has_value());  // a gauge has no delta
  CHECK(f.evidence[2].delta == 41u);
  CHECK(f.remediation == std::vector<std::string>{"lspci -vvv -s 0000:b1:00.0 | grep -E 'LnkSta|MaxPayload|MaxReadReq'",
                                                  "roce-doctor check --only PCIE-LINK"});
}

TEST_CASE("DROP-HOST: a stall gauge the same in both samples is still judged by its current value") {
  Scenario s = healthy_scenario();
  // Were it read as a counter, an unchanged 70 would be a zero delta and pass.
  EditedRun run(s, [](model::Host& h) { set_counter(ethtool(h), "outbound_pci_stalled_rd", 70); });
  const auto& f = only_finding(run.result("DROP-HOST"));
  CHECK(f.title == "host cannot keep up: PCIe reads stalled 70% of the last second");
}

TEST_CASE("DROP-HOST: stall gauge below the threshold is ok; the threshold comes from the profile") {
  Scenario s = healthy_scenario();
  auto edit = [](model::Host& h) { set_counter(ethtool(h), "outbound_pci_stalled_wr", 12); };
  CHECK(EditedRun(s, {}, edit).result("DROP-HOST").status == Status::ok);
  profile::Profile p;
  p.thresholds["DROP-HOST"]["max_pci_stalled_percent"] = 10;
  CHECK(EditedRun(s, {}, edit, p).result("DROP-HOST").status == Status::finding);
}

TEST_CASE("DROP-HOST: seconds of stalls in the window count even when the last second was calm") {
  Scenario s = healthy_scenario();
  EditedRun run(s, {}, [](model::Host& h) { set_counter(ethtool(h), "outbound_pci_stalled_wr_events", 5); });
  const auto& f = only_finding(run.result("DROP-HOST"));
  CHECK(f.title == "host cannot keep up: 5 seconds of stalled PCIe writes");
  CHECK(evidence_names(f) == std::vector<std::string>{"outbound_pci_stalled_wr", "outbound_pci_stalled_wr_events"});
  CHECK(f.evidence[0].value == "0% (of the last second)");
}

TEST_CASE("DROP-HOST: skipped when the NIC shows no host-side counter") {
  Scenario s = healthy_scenario();
  EditedRun run(s, [](model::Host& h) {
    for (const char* n :
         {"rx_out_of_buffer", "outbound_pci_buffer_overflow", "outbound_pci_stalled_rd", "outbound_pci_stalled_wr",
          "outbound_pci_stalled_rd_events", "outbound_pci_stalled_wr_events"})
      remove_counter(ethtool(h), n);
    remove_counter(hw(h), "out_of_buffer");
  });
  const auto& r = run.result("DROP-HOST");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason ==
        "ens1f0np0: no host-side counters (rx_out_of_buffer, out_of_buffer, outbound_pci_*) in both samples");
}

TEST_CASE("DROP-HOST: a counter missing in the earlier sample is not a delta from zero") {
  Scenario s = healthy_scenario();
  // Only the later sample has rx_out_of_buffer (e.g. a driver upgrade in between): no rate, no finding.
  model::Host before = s.build_before(), now = s.build_now();
  remove_counter(ethtool(before), "rx_out_of_buffer");
  set_counter(ethtool(now), "rx_out_of_buffer", 900000);
  profile::Profile p;
  engine::Context ctx(now, &before, 60, p);
  auto results = checks::run_checks(ctx, {{"DROP-HOST"}, {}});
  REQUIRE(results.size() == 1);
  CHECK(results[0].status == Status::ok);  // judged on out_of_buffer and the PCIe counters, all flat
}

// ---------------------------------------------------------------------------------------------
// ECN-IDLE

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

// ---------------------------------------------------------------------------------------------
// ECN-CNP

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

// ---------------------------------------------------------------------------------------------
// RETRANS

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
