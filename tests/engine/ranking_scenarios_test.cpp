// Ranking on realistic multi-symptom scenarios (formats.md §7 a–d): the whole catalog runs on a
// broken ConnectX-6 Dx host and the exact ranked order of its findings is asserted, with the
// caused_by links that put each root cause before its symptoms.
#include <catch2/catch.hpp>

#include "observed_run.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::testing;
using engine::Severity;

namespace {

struct Expect {
  std::string id;
  Severity severity;
  std::optional<int> priority;
  std::vector<std::string> caused_by;
};

void check_ranking(const std::vector<engine::Finding>& ranked, const std::vector<Expect>& expected) {
  INFO(describe(ranked));
  REQUIRE(ranked.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    INFO("rank " << i);
    CHECK(ranked[i].id == expected[i].id);
    CHECK(ranked[i].severity == expected[i].severity);
    CHECK(ranked[i].subject.netdev == "ens1f0np0");
    CHECK(ranked[i].subject.priority == expected[i].priority);
    CHECK(ranked[i].caused_by == expected[i].caused_by);
  }
}

const std::string kIf = "ens1f0np0";
std::string ref(const std::string& id) { return id + "@" + kIf; }

}  // namespace

TEST_CASE("§7a insufficient headroom: BUF-HEADROOM first, DROP-LOSSLESS and RETRANS caused by it") {
  // The lossless buffer was sized by hand for the 7 m default, but the real cable is 100 m: the
  // peer's in-flight bytes after XOFF overflow it. Drops on priority 3 while it pauses the peer, and
  // the RDMA transport retransmits; the host itself keeps up (rx_out_of_buffer flat).
  profile::Profile p;
  p.cable_length_m = 100;
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { netdev(h).dcb.buffer->buffer_size[1] = 65536; };
  auto& n = s.now;
  const auto& b = s.before;
  n.prio[3].rx_discards = b.prio[3].rx_discards + 1520;
  n.prio[3].buf_discard = b.prio[3].buf_discard + 1520;  // the same frames (counters/mlx5.cpp)
  n.rx_discards_phy = b.rx_discards_phy + 1520;
  n.prio[3].tx_pause = b.prio[3].tx_pause + 61200;
  n.prio[3].tx_pause_duration = b.prio[3].tx_pause_duration + 4300000;  // 7.2%: pausing, still dropping
  n.out_of_sequence = b.out_of_sequence + 1490;
  n.duplicate_request = b.duplicate_request + 35;
  n.packet_seq_err = b.packet_seq_err + 1402;
  n.roce_adp_retrans = b.roce_adp_retrans + 1502;
  n.local_ack_timeout_err = b.local_ack_timeout_err + 11;
  Run run(s, p);

  // The stale cable length (PFC delay still the 7 m default) is itself a finding: a warning, so it
  // ranks after the critical drop it helps explain.
  check_ranking(
      run.ranked(),
      {{"BUF-HEADROOM", Severity::critical, std::nullopt, {}},
       {"DROP-LOSSLESS", Severity::critical, 3, {ref("BUF-HEADROOM"), ref("BUF-CABLE")}},
       {"BUF-CABLE", Severity::warning, std::nullopt, {}},
       {"RETRANS", Severity::warning, std::nullopt, {ref("BUF-HEADROOM"), ref("BUF-CABLE"), ref("DROP-LOSSLESS")}}});
  const auto ranked = run.ranked();
  CHECK(ranked[0].subject.buffer == 1);
  CHECK(ranked[0].title == "lossless buffer 1 is 65536 B (64.0 KiB), needs 72468 B (70.8 KiB)");
  CHECK(ranked[1].title == "1520 packets dropped on lossless priority 3 (25.3/s)");
  CHECK(ranked[3].title.rfind("RoCE retransmissions and sequence errors: out_of_sequence 1490 (24.8/s)", 0) == 0);
  // Not a host problem and not an ECN problem: those checks judged the port and stayed quiet.
  CHECK(run.result("DROP-HOST").status == engine::CheckResult::Status::ok);
  CHECK(run.result("ECN-IDLE").status == engine::CheckResult::Status::ok);
}

TEST_CASE("§7b pause storm from a stuck receiver: DROP-HOST explains PAUSE-STORM") {
  // The host stopped draining its receive queues (CPU starved, PCIe back-pressure): the NIC keeps the
  // switch paused 96% of the time, the storm watchdog warns, PCIe overflow drops trigger
  // retransmissions. The ECN machinery keeps working (marks and CNPs flow): not an ECN problem.
  Scenario s = healthy_scenario();
  auto& n = s.now;
  const auto& b = s.before;
  n.prio[3].tx_pause = b.prio[3].tx_pause + 7603441;
  n.prio[3].tx_pause_duration = b.prio[3].tx_pause_duration + 57600000;  // 57.6 s of 60 s
  n.tx_pause_storm_warning_events = b.tx_pause_storm_warning_events + 3;
  n.rx_out_of_buffer = b.rx_out_of_buffer + 2104331;
  n.out_of_sequence = b.out_of_sequence + 812;
  n.packet_seq_err = b.packet_seq_err + 790;
  EditedRun run(s, {}, [](model::Host& h) {
    set_counter(*netdev(h).ethtool_stats, "outbound_pci_stalled_wr", 88);
    set_counter(*netdev(h).ethtool_stats, "outbound_pci_stalled_wr_events", 52);
    set_counter(*netdev(h).ethtool_stats, "outbound_pci_buffer_overflow", 1306);
  });

  // Severity ranks first: the critical storm leads, naming its cause; within the warnings the root
  // cause comes before the symptoms it explains.
  check_ranking(run.ranked(), {{"PAUSE-STORM", Severity::critical, 3, {ref("DROP-HOST")}},
                               {"DROP-HOST", Severity::warning, std::nullopt, {}},
                               {"PAUSE-STORM", Severity::warning, std::nullopt, {ref("DROP-HOST")}},
                               {"RETRANS", Severity::warning, std::nullopt, {ref("DROP-HOST")}}});
  const auto ranked = run.ranked();
  CHECK(ranked[0].title == "port pauses its peer 96.0% of the time on priority 3");
  CHECK(ranked[1].title ==
        "host cannot keep up: 2104331 receive-queue drops (35072.2/s), 1306 PCIe buffer-overflow drops, PCIe "
        "writes stalled 88% of the last second");
  CHECK(ranked[2].title == "3 pause-storm warning events");
  CHECK(run.result("DROP-LOSSLESS").status == engine::CheckResult::Status::ok);
  CHECK(run.result("ECN-IDLE").status == engine::CheckResult::Status::ok);
}

TEST_CASE("§7c ECN off: ECN-NIC first, ECN-IDLE and the other symptoms caused by it") {
  // DCQCN disabled on priority 3 on this NIC (both points). Congestion is left to PFC: the switch
  // pauses this port 31% of the time, no CE-marked packet is counted, no CNP sent or handled, and
  // the CNPs the peers still send for this host's marked packets are ignored.
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    *netdev(h).ecn->np[3] = false;
    *netdev(h).ecn->rp[3] = false;
  };
  auto& n = s.now;
  const auto& b = s.before;
  n.np_ecn_marked_roce_packets = b.np_ecn_marked_roce_packets;
  n.np_cnp_sent = b.np_cnp_sent;
  n.rp_cnp_handled = b.rp_cnp_handled;
  n.rp_cnp_ignored = b.rp_cnp_ignored + 41170;
  n.prio[3].rx_pause = b.prio[3].rx_pause + 402250;
  n.prio[3].rx_pause_duration = b.prio[3].rx_pause_duration + 18600000;  // 31%
  Run run(s);

  check_ranking(run.ranked(), {{"ECN-NIC", Severity::critical, 3, {}},
                               {"ECN-IDLE", Severity::critical, 3, {ref("ECN-NIC")}},
                               {"PAUSE-STORM", Severity::warning, 3, {ref("ECN-NIC")}},
                               {"ECN-CNP", Severity::warning, std::nullopt, {ref("ECN-NIC")}}});
  const auto ranked = run.ranked();
  CHECK(ranked[0].title == "DCQCN notification and reaction points disabled on priority 3");
  CHECK(ranked[1].title ==
        "congestion on priority 3 handled by PFC alone: tx 1.0%, rx 31.0% of the time paused, no ECN mark or CNP");
  CHECK(ranked[2].title == "port is paused 31.0% of the time on priority 3");
  CHECK(ranked[3].remediation.front() == "echo 1 > /sys/class/net/ens1f0np0/ecn/roce_rp/enable/3");
}

TEST_CASE("§7d trust PCP: QOS-TRUST first, TRAFFIC-CLASS, DROP-LOSSLESS and RETRANS caused by it") {
  // The NIC trusts PCP (qos/trust = pcp, no DSCP APP entries) while RoCE is routed with DSCP 26 and
  // no VLAN tag: RoCE lands on priority 0, which has no PFC. Its bytes move on priority 0, nothing on
  // 3, priority 0 drops under congestion and the transport retransmits.
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    auto& nd = netdev(h);
    nd.trust->assign("pcp");
    nd.dcb.app->clear();
  };
  const auto before3 = s.before.prio[3];
  auto& n = s.now;
  const auto& b = s.before;
  n.prio[0].rx_bytes += n.prio[3].rx_bytes - before3.rx_bytes;
  n.prio[0].rx_packets += n.prio[3].rx_packets - before3.rx_packets;
  n.prio[0].tx_bytes += n.prio[3].tx_bytes - before3.tx_bytes;
  n.prio[0].tx_packets += n.prio[3].tx_packets - before3.tx_packets;
  n.prio[3] = before3;
  n.prio[0].rx_discards = b.prio[0].rx_discards + 2311;
  n.rx_discards_phy = b.rx_discards_phy + 2311;
  n.out_of_sequence = b.out_of_sequence + 2290;
  n.packet_seq_err = b.packet_seq_err + 2104;
  n.roce_adp_retrans = b.roce_adp_retrans + 2250;
  Run run(s);

  check_ranking(run.ranked(), {{"QOS-TRUST", Severity::critical, std::nullopt, {}},
                               {"DROP-LOSSLESS", Severity::critical, 0, {ref("QOS-TRUST")}},
                               {"TRAFFIC-CLASS", Severity::critical, 0, {ref("QOS-TRUST")}},
                               {"RETRANS", Severity::warning, std::nullopt, {ref("QOS-TRUST"), ref("DROP-LOSSLESS")}}});
  const auto ranked = run.ranked();
  CHECK(ranked[0].title == "trust mode is pcp, profile expects dscp");
  CHECK(ranked[1].title == "2311 packets dropped on RDMA-carrying lossy priority 0 (38.5/s)");
  // Priority 3 carries nothing now: no pauses there, so ECN-IDLE has no congestion to judge.
  CHECK(run.result("ECN-IDLE").status == engine::CheckResult::Status::ok);
}

}  // namespace roce::test
