#include "counters/canonical.hpp"

#include <catch2/catch.hpp>
#include <fstream>
#include <string>

#include "captures/text/ethtool_s.hpp"
#include "ethtool/sample_text.hpp"
#include "support/paths.hpp"

namespace roce::test {

using roce::counters::Canonical;
using roce::counters::canonicalize;
using roce::counters::Metric;
using roce::model::CounterSet;

namespace {

const std::string kSamples = std::string(ROCE_FIXTURES_DIR) + "/samples/";

// Test-only reader for `ethtool -S` samples: "     name: value" lines, `# ` comments skipped.
CounterSet read_ethtool_sample(const std::string& file) {
  std::ifstream in(kSamples + file);
  REQUIRE(in);
  CounterSet set;
  for (std::string line; std::getline(in, line);) {
    auto colon = line.rfind(": ");
    if (line.starts_with("# ") || !line.starts_with("     ") || colon == std::string::npos) continue;
    set.entries.emplace_back(line.substr(5, colon - 5), std::stoull(line.substr(colon + 2)));
  }
  REQUIRE(!set.entries.empty());
  return set;
}

// A sample read by the real `ethtool -S` text parser, as `check --from` reads a capture.
CounterSet parse_ethtool_sample(const std::string& file) {
  auto set = roce::captures::text::parse_ethtool_s(sample_without_comments(file));
  REQUIRE(set.ok());
  REQUIRE(!set->entries.empty());
  return *set;
}

// One port directory (e.g. "mlx5_0/ports/1/hw_counters/") of the flattened sysfs samples.
CounterSet read_sysfs_sample(const std::string& file, const std::string& dir) {
  std::ifstream in(kSamples + file);
  REQUIRE(in);
  CounterSet set;
  for (std::string line; std::getline(in, line);) {
    auto tab = line.find('\t');
    if (!line.starts_with(dir) || tab == std::string::npos) continue;
    set.entries.emplace_back(line.substr(dir.size(), tab - dir.size()), std::stoull(line.substr(tab + 1)));
  }
  REQUIRE(!set.entries.empty());
  return set;
}

void check(const Canonical& c, const std::string& name, std::uint64_t value, const std::string& raw,
           const std::string& set) {
  INFO(name);
  auto it = c.find(name);
  REQUIRE(it != c.end());
  CHECK(it->second == Metric{value, raw, set});
}

void check_absent(const Canonical& c, const std::string& name) {
  INFO(name);
  CHECK(c.find(name) == c.end());
}

}  // namespace

TEST_CASE("names of per-priority and per-lane metrics") {
  CHECK(roce::counters::prio_name(3, "rx_pause_us") == "prio[3].rx_pause_us");
  CHECK(roce::counters::lane_name(2) == "phy.lane[2].errors");
}

TEST_CASE("mlx5: real 100G MLNX_OFED dump with a bad lane, no PFC") {
  const CounterSet s = read_ethtool_sample("mlx5_ethtool_S_100G_ofed_badlane.txt");
  const Canonical c = canonicalize("mlx5_core", &s, nullptr, nullptr);

  check(c, "phy.lane[3].errors", 17722623, "rx_err_lane_3_phy", "ethtool");
  check(c, "phy.lane[0].errors", 28116, "rx_err_lane_0_phy", "ethtool");
  check(c, "phy.lane[1].errors", 0, "rx_err_lane_1_phy", "ethtool");
  check_absent(c, "phy.lane[4].errors");
  check(c, "phy.corrected_bits", 17750739, "rx_corrected_bits_phy", "ethtool");
  check(c, "phy.symbol_errors", 386, "rx_pcs_symbol_err_phy", "ethtool");
  check(c, "phy.crc_errors", 386, "rx_crc_errors_phy", "ethtool");
  check_absent(c, "phy.rx_bits");                                 // newer kernels only
  check(c, "port.rx_discards", 0, "rx_discards_phy", "ethtool");  // a real zero, present
  check(c, "port.rx_bytes", 2027206797, "rx_bytes_phy", "ethtool");
  check(c, "port.tx_packets", 7222595, "tx_packets_phy", "ethtool");
  check(c, "host.rx_out_of_buffer", 0, "rx_out_of_buffer", "ethtool");
  check(c, "link.down_events", 0, "link_down_events_phy", "ethtool");
  check(c, "pcie.stalled_wr", 0, "outbound_pci_stalled_wr", "ethtool");
  check_absent(c, "pcie.buffer_overflow");
  check(c, "pause.storm_error_events", 0, "tx_pause_storm_error_events", "ethtool");

  // This OFED driver printed the per-priority groups for prio 0 only, and no PFC block.
  check(c, "prio[0].rx_bytes", 2027206797, "rx_prio0_bytes", "ethtool");
  check(c, "prio[0].tx_packets", 7222593, "tx_prio0_packets", "ethtool");
  check(c, "prio[0].rx_buf_discards", 0, "rx_prio0_buf_discard", "ethtool");
  check_absent(c, "prio[3].rx_bytes");
  for (int p = 0; p < 8; ++p) {
    check_absent(c, roce::counters::prio_name(p, "rx_pause"));
    check_absent(c, roce::counters::prio_name(p, "tx_pause_us"));
  }
  check_absent(c, "global.rx_pause");
  // Software counters named like port counters are not port counters.
  CHECK(s.get("rx_bytes") == 74420u);
  CHECK(c.at("port.rx_bytes").value != 74420u);
}

TEST_CASE("mlx5: real ConnectX-4 Lx with 802.3x global pause") {
  const CounterSet s = read_ethtool_sample("mlx5_ethtool_S_global_pause_grep_cx4lx.txt");
  const Canonical c = canonicalize("mlx5_core", &s, nullptr, nullptr);
  check(c, "global.tx_pause", 1266552, "tx_global_pause", "ethtool");
  check(c, "global.tx_pause_us", 555665182, "tx_global_pause_duration", "ethtool");
  check(c, "global.rx_pause", 0, "rx_global_pause", "ethtool");
  check(c, "global.rx_pause_transitions", 0, "rx_global_pause_transition", "ethtool");
  check(c, "pause.storm_warning_events", 0, "tx_pause_storm_warning_events", "ethtool");
  check_absent(c, "port.rx_discards");  // not in this grep
}

TEST_CASE("mlx5: kernel 4.15 software names do not leak into port counters") {
  const CounterSet s = read_ethtool_sample("mlx5_ethtool_S_cx4_ubuntu1804_excerpt.txt");
  const Canonical c = canonicalize("mlx5_core", &s, nullptr, nullptr);
  REQUIRE(s.get("rx_bytes").has_value());
  check_absent(c, "port.rx_bytes");
  check_absent(c, "port.rx_packets");
}

TEST_CASE("mlx5: PFC enabled on priority 3 only, as en_stats.c prints it") {
  CounterSet s;
  for (int p = 0; p < 8; ++p) {
    const std::string n = std::to_string(p);
    s.entries.push_back({"rx_prio" + n + "_bytes", 1000u + p});
    s.entries.push_back({"rx_prio" + n + "_packets", 100u + p});
    s.entries.push_back({"rx_prio" + n + "_discards", p == 3 ? 17u : 0u});
    s.entries.push_back({"tx_prio" + n + "_bytes", 2000u + p});
    s.entries.push_back({"tx_prio" + n + "_packets", 200u + p});
  }
  s.entries.push_back({"rx_prio3_pause", 31});
  s.entries.push_back({"rx_prio3_pause_duration", 32});
  s.entries.push_back({"tx_prio3_pause", 33});
  s.entries.push_back({"tx_prio3_pause_duration", 34});
  s.entries.push_back({"rx_prio3_pause_transition", 35});
  s.entries.push_back({"tx_pause_storm_warning_events", 4});
  s.entries.push_back({"tx_pause_storm_error_events", 5});
  for (int p = 0; p < 8; ++p) {
    const std::string n = std::to_string(p);
    s.entries.push_back({"rx_prio" + n + "_buf_discard", 300u + p});
    s.entries.push_back({"rx_prio" + n + "_cong_discard", 400u + p});
    s.entries.push_back({"rx_prio" + n + "_marked", 500u + p});
  }
  const Canonical c = canonicalize("mlx5_core", &s, nullptr, nullptr);

  check(c, "prio[3].rx_pause", 31, "rx_prio3_pause", "ethtool");
  check(c, "prio[3].rx_pause_us", 32, "rx_prio3_pause_duration", "ethtool");
  check(c, "prio[3].tx_pause", 33, "tx_prio3_pause", "ethtool");
  check(c, "prio[3].tx_pause_us", 34, "tx_prio3_pause_duration", "ethtool");
  check(c, "prio[3].rx_pause_transitions", 35, "rx_prio3_pause_transition", "ethtool");
  check(c, "prio[3].rx_discards", 17, "rx_prio3_discards", "ethtool");
  check(c, "prio[7].tx_bytes", 2007, "tx_prio7_bytes", "ethtool");
  check(c, "prio[5].rx_cong_discards", 405, "rx_prio5_cong_discard", "ethtool");
  check(c, "prio[3].rx_ecn_marked", 503, "rx_prio3_marked", "ethtool");
  check(c, "pause.storm_warning_events", 4, "tx_pause_storm_warning_events", "ethtool");
  for (int p : {0, 1, 2, 4, 5, 6, 7}) {
    check_absent(c, roce::counters::prio_name(p, "rx_pause"));
    check_absent(c, roce::counters::prio_name(p, "tx_pause_us"));
  }
  check_absent(c, "global.rx_pause");
  check_absent(c, "port.rx_discards");
}

TEST_CASE("mlx5: version aliases") {
  SECTION("old en_stats.c revision with a trailing space") {
    CounterSet s{{{"tx_pause_storm_warning_events ", 9}}};
    const Canonical c = canonicalize("mlx5_core", &s, nullptr, nullptr);
    check(c, "pause.storm_warning_events", 9, "tx_pause_storm_warning_events ", "ethtool");
  }
  SECTION("switchdev vport_ prefix on hw_counters") {
    CounterSet hw{{{"vport_out_of_sequence", 7}, {"vport_local_ack_timeout_err", 8}}};
    const Canonical c = canonicalize("mlx5_core", nullptr, &hw, nullptr);
    check(c, "roce.out_of_sequence", 7, "vport_out_of_sequence", "hw_counters");
    check(c, "roce.local_ack_timeout_err", 8, "vport_local_ack_timeout_err", "hw_counters");
  }
  SECTION("the first name in the table wins when both are present") {
    CounterSet hw{{{"vport_out_of_sequence", 7}, {"out_of_sequence", 1}}};
    const Canonical c = canonicalize("mlx5_core", nullptr, &hw, nullptr);
    check(c, "roce.out_of_sequence", 1, "out_of_sequence", "hw_counters");
  }
}

TEST_CASE("mlx5: real hw_counters and IB PMA counters from sysfs") {
  const std::string file = "sysfs_class_infiniband_h100_gpud.txt";
  const CounterSet hw = read_sysfs_sample(file, "mlx5_bond_0/ports/1/hw_counters/");
  const CounterSet pma = read_sysfs_sample(file, "mlx5_bond_0/ports/1/counters/");
  const Canonical c = canonicalize("mlx5_core", nullptr, &hw, &pma);

  check(c, "roce.retransmits", 3, "roce_adp_retrans", "hw_counters");
  check(c, "roce.retransmit_timeouts", 0, "roce_adp_retrans_to", "hw_counters");
  check(c, "roce.out_of_sequence", 0, "out_of_sequence", "hw_counters");
  check(c, "roce.out_of_buffer", 0, "out_of_buffer", "hw_counters");
  check(c, "roce.rx_icrc_errors", 0, "rx_icrc_encapsulated", "hw_counters");
  check(c, "link.downed", 0, "link_downed", "counters");
  check(c, "port.tx_wait", 2489603687, "port_xmit_wait", "counters");
  // This device lacked the congestion counters (no cc_query_allowed): absent, not zero.
  for (const char* name : {"roce.cnp_sent", "roce.cnp_handled", "roce.cnp_ignored", "roce.ecn_marked"})
    check_absent(c, name);
  check_absent(c, "port.rx_rdma_bytes");
}

TEST_CASE("mlx5: hw_counters with non-zero retransmission counters") {
  const std::string file = "sysfs_class_infiniband_mlx5_0_procfs_fixture.txt";
  const CounterSet hw = read_sysfs_sample(file, "mlx5_0/ports/1/hw_counters/");
  const Canonical c = canonicalize("mlx5_core", nullptr, &hw, nullptr);
  check(c, "roce.duplicate_request", 41, "duplicate_request", "hw_counters");
  check(c, "roce.local_ack_timeout_err", 131, "local_ack_timeout_err", "hw_counters");
  check(c, "roce.packet_seq_err", 1, "packet_seq_err", "hw_counters");
  check(c, "roce.retransmits", 99, "roce_adp_retrans", "hw_counters");
  check(c, "roce.retransmit_timeouts", 4, "roce_adp_retrans_to", "hw_counters");
  check_absent(c, "link.downed");  // no PMA set given
}

TEST_CASE("mlx5: congestion counters when the device has them") {
  CounterSet hw{{{"rp_cnp_ignored", 1},
                 {"rp_cnp_handled", 2},
                 {"np_ecn_marked_roce_packets", 3},
                 {"np_cnp_sent", 4},
                 {"cc_rx_cnp_pkts", 5}}};
  const Canonical c = canonicalize("mlx5_core", nullptr, &hw, nullptr);
  check(c, "roce.cnp_ignored", 1, "rp_cnp_ignored", "hw_counters");
  check(c, "roce.cnp_handled", 2, "rp_cnp_handled", "hw_counters");
  check(c, "roce.ecn_marked", 3, "np_ecn_marked_roce_packets", "hw_counters");
  check(c, "roce.cnp_sent", 4, "np_cnp_sent", "hw_counters");
}

TEST_CASE("bnxt_en/bnxt_re: port counters, never ring counters") {
  CounterSet s{{{"[0]: rx_ucast_packets", 900},
                {"[0]: rx_discards", 999},
                {"[1]: rx_discards", 998},
                {"rx_total_ring_discards", 997},
                {"rx_pause_frames", 1},
                {"rx_pfc_ena_frames_pri3", 11},
                {"tx_pfc_ena_frames_pri3", 12},
                {"rx_bytes", 55},
                {"rx_stat_discard", 44},
                {"link_down_events", 2},
                {"rx_bytes_cos3", 66},
                {"pfc_pri3_rx_duration_us", 22},
                {"pfc_pri3_rx_transitions", 23},
                {"rx_corrected_bits", 77},
                {"rx_discard_packets_cos3", 33},
                {"rx_fec_uncorrectable_blocks", 88},
                {"tx_pfc_ena_frames_pri0", 0}}};
  CounterSet hw{{{"to_retransmits", 5},
                 {"seq_err_naks_rcvd", 6},
                 {"oos_drop_count", 7},
                 {"rx_bytes", 1234},
                 {"tx_cnp_pkts", 8},
                 {"rx_cnp_pkts", 9},
                 {"rx_ecn_marked_pkts", 10}}};
  const Canonical c = canonicalize("bnxt_en", &s, &hw, nullptr);

  check(c, "prio[3].rx_pause", 11, "rx_pfc_ena_frames_pri3", "ethtool");
  check(c, "prio[3].tx_pause", 12, "tx_pfc_ena_frames_pri3", "ethtool");
  check(c, "prio[0].tx_pause", 0, "tx_pfc_ena_frames_pri0", "ethtool");
  check(c, "prio[3].rx_pause_us", 22, "pfc_pri3_rx_duration_us", "ethtool");
  check(c, "prio[3].rx_pause_transitions", 23, "pfc_pri3_rx_transitions", "ethtool");
  check_absent(c, "prio[3].rx_discards");  // a CoS queue is not a priority
  check_absent(c, "prio[3].rx_bytes");
  check(c, "port.rx_discards", 44, "rx_stat_discard", "ethtool");
  check(c, "port.rx_bytes", 55, "rx_bytes", "ethtool");
  check(c, "global.rx_pause", 1, "rx_pause_frames", "ethtool");
  check(c, "link.down_events", 2, "link_down_events", "ethtool");
  check(c, "phy.corrected_bits", 77, "rx_corrected_bits", "ethtool");
  check(c, "phy.fec_uncorrectable_blocks", 88, "rx_fec_uncorrectable_blocks", "ethtool");
  check(c, "roce.retransmit_timeouts", 5, "to_retransmits", "hw_counters");
  check(c, "roce.packet_seq_err", 6, "seq_err_naks_rcvd", "hw_counters");
  check(c, "roce.out_of_sequence", 7, "oos_drop_count", "hw_counters");
  check(c, "port.rx_rdma_bytes", 1234, "rx_bytes", "hw_counters");
  check(c, "roce.cnp_sent", 8, "tx_cnp_pkts", "hw_counters");
  check(c, "roce.cnp_handled", 9, "rx_cnp_pkts", "hw_counters");
  check(c, "roce.ecn_marked", 10, "rx_ecn_marked_pkts", "hw_counters");
  check_absent(c, "roce.cnp_ignored");

  SECTION("only ring counters: no port counter at all") {
    CounterSet rings{{{"[0]: rx_discards", 999}, {"[0]: rx_ucast_bytes", 5}, {"[0]: tx_discards", 3}}};
    const Canonical r = canonicalize("bnxt_en", &rings, nullptr, nullptr);
    CHECK(r.empty());
  }
  SECTION("renamed bnxt_re congestion counters") {
    CounterSet renamed{{{"np_cnp_pkts", 1}, {"rp_cnp_handled", 2}, {"np_ecn_marked_roce_packets", 3}}};
    const Canonical r = canonicalize("bnxt_en", nullptr, &renamed, nullptr);
    check(r, "roce.cnp_sent", 1, "np_cnp_pkts", "hw_counters");
    check(r, "roce.cnp_handled", 2, "rp_cnp_handled", "hw_counters");
    check(r, "roce.ecn_marked", 3, "np_ecn_marked_roce_packets", "hw_counters");
  }
}

TEST_CASE("ice/irdma") {
  CounterSet s;
  for (int p = 0; p < 8; ++p) {
    const std::string n = std::to_string(p);
    s.entries.push_back({"tx_priority_" + n + "_xon.nic", 10u + p});
    s.entries.push_back({"tx_priority_" + n + "_xoff.nic", 20u + p});
  }
  for (int p = 0; p < 8; ++p) {
    const std::string n = std::to_string(p);
    s.entries.push_back({"rx_priority_" + n + "_xon.nic", 30u + p});
    s.entries.push_back({"rx_priority_" + n + "_xoff.nic", 40u + p});
  }
  s.entries.push_back({"rx_dropped.nic", 5});
  s.entries.push_back({"link_xoff_tx.nic", 6});
  s.entries.push_back({"rx_crc_errors.nic", 7});
  CounterSet hw{{{"cnpHandled", 1}, {"cnpIgnored", 2}, {"cnpSent", 3}, {"RxECNMrkd", 4}, {"tcpRetransSegs", 50}}};
  const Canonical c = canonicalize("ice", &s, &hw, nullptr);

  check(c, "prio[3].tx_pause", 23, "tx_priority_3_xoff.nic", "ethtool");
  check(c, "prio[3].rx_pause", 43, "rx_priority_3_xoff.nic", "ethtool");
  check(c, "prio[0].rx_pause", 40, "rx_priority_0_xoff.nic", "ethtool");
  check(c, "port.rx_discards", 5, "rx_dropped.nic", "ethtool");
  check(c, "global.tx_pause", 6, "link_xoff_tx.nic", "ethtool");
  check_absent(c, "global.rx_pause");
  check(c, "phy.crc_errors", 7, "rx_crc_errors.nic", "ethtool");
  check(c, "roce.cnp_handled", 1, "cnpHandled", "hw_counters");
  check(c, "roce.cnp_ignored", 2, "cnpIgnored", "hw_counters");
  check(c, "roce.cnp_sent", 3, "cnpSent", "hw_counters");
  check(c, "roce.ecn_marked", 4, "RxECNMrkd", "hw_counters");
  check(c, "roce.retransmits", 50, "tcpRetransSegs", "hw_counters");  // older irdma name
  check_absent(c, "prio[3].rx_pause_us");

  SECTION("newer irdma names win over the old ones; gen3 names have spaces") {
    CounterSet newer{{{"tcpRetransSegs", 50},
                      {"RetransSegs", 51},
                      {"Nak Sequence Error", 2},
                      {"Rcvd Out of order packets", 3},
                      {"RTO", 4}}};
    const Canonical n = canonicalize("ice", nullptr, &newer, nullptr);
    check(n, "roce.retransmits", 51, "RetransSegs", "hw_counters");
    check(n, "roce.packet_seq_err", 2, "Nak Sequence Error", "hw_counters");
    check(n, "roce.out_of_sequence", 3, "Rcvd Out of order packets", "hw_counters");
    check(n, "roce.retransmit_timeouts", 4, "RTO", "hw_counters");
  }
}

TEST_CASE("ice: names of kernels before 5.3, as ice_ethtool.c printed them") {
  CounterSet s{{{"port.tx-priority-3-xon", 1},
                {"port.tx-priority-3-xoff", 2},
                {"port.rx-priority-3-xon", 3},
                {"port.rx-priority-3-xoff", 4},
                {"port.link_xoff_rx", 5},
                {"port.link_xoff_tx", 6},
                {"rx_dropped", 70},
                {"port.rx_dropped", 7},
                {"port.rx_bytes", 8},
                {"port.rx_crc_errors", 9}}};
  const Canonical c = canonicalize("ice", &s, nullptr, nullptr);
  check(c, "prio[3].tx_pause", 2, "port.tx-priority-3-xoff", "ethtool");
  check(c, "prio[3].rx_pause", 4, "port.rx-priority-3-xoff", "ethtool");
  check(c, "global.rx_pause", 5, "port.link_xoff_rx", "ethtool");
  check(c, "global.tx_pause", 6, "port.link_xoff_tx", "ethtool");
  check(c, "port.rx_discards", 7, "port.rx_dropped", "ethtool");
  check(c, "port.rx_bytes", 8, "port.rx_bytes", "ethtool");
  check(c, "phy.crc_errors", 9, "port.rx_crc_errors", "ethtool");
  CHECK(c.size() == 7);

  SECTION("the current name wins when both are present") {
    CounterSet both{{{"port.rx_dropped", 7}, {"rx_dropped.nic", 1}}};
    check(canonicalize("ice", &both, nullptr, nullptr), "port.rx_discards", 1, "rx_dropped.nic", "ethtool");
  }
}

TEST_CASE("mlxsw: per-priority PPCNT names, traffic classes stay raw") {
  CounterSet s{{{"a_frames_received_ok", 1},
                {"if_in_discards", 2},
                {"ecn_marked", 3},
                {"rx_pause_prio_3", 4},
                {"rx_pause_duration_prio_3", 5},
                {"tx_pause_prio_3", 6},
                {"tx_octets_prio_3", 7},
                {"tc_no_buffer_discard_uc_tc_3", 8},
                {"a_pause_mac_ctrl_frames_received", 9}}};
  for (const char* driver : {"mlxsw_spectrum", "mlxsw_spectrum2", "mlxsw_spectrum4"}) {
    INFO(driver);
    const Canonical c = canonicalize(driver, &s, nullptr, nullptr);
    check(c, "port.rx_packets", 1, "a_frames_received_ok", "ethtool");
    check(c, "port.rx_discards", 2, "if_in_discards", "ethtool");
    check(c, "port.ecn_marked", 3, "ecn_marked", "ethtool");
    check(c, "prio[3].rx_pause", 4, "rx_pause_prio_3", "ethtool");
    check(c, "prio[3].rx_pause_us", 5, "rx_pause_duration_prio_3", "ethtool");
    check(c, "prio[3].tx_pause", 6, "tx_pause_prio_3", "ethtool");
    check(c, "prio[3].tx_bytes", 7, "tx_octets_prio_3", "ethtool");
    check(c, "global.rx_pause", 9, "a_pause_mac_ctrl_frames_received", "ethtool");
    check_absent(c, "prio[3].rx_discards");
    CHECK(c.size() == 8);
  }
}

TEST_CASE("bnxt_en: real FCS grep from the netdev patch that reads rx_fcs_err_frames as FrameCheckSequenceErrors") {
  const CounterSet s = parse_ethtool_sample("bnxt_ethtool_S_fcs_align_grep.txt");
  const Canonical c = canonicalize("bnxt_en", &s, nullptr, nullptr);
  check(c, "phy.crc_errors", 1, "rx_fcs_err_frames", "ethtool");
  // Alignment errors and transmitted bad-FCS frames have no canonical name: they stay raw.
  CHECK(c.size() == 1);
  check_absent(c, "port.rx_discards");  // not in this grep: absent, not zero
  CHECK(canonicalize("", &s, nullptr, nullptr) == c);
}

TEST_CASE("bnxt_en: the full ethtool -S name list of the driver, per priority from pri2cos, never per CoS queue") {
  const CounterSet s = parse_ethtool_sample("bnxt_ethtool_S_pfc_cos_from_driver_source.txt");
  CHECK(s.entries.size() == 232);  // every name bnxt_get_strings() prints for one ring, none lost
  const Canonical c = canonicalize("bnxt_en", &s, nullptr, nullptr);
  check(c, "prio[3].rx_pause", 4821, "rx_pfc_ena_frames_pri3", "ethtool");
  check(c, "prio[3].tx_pause", 1310, "tx_pfc_ena_frames_pri3", "ethtool");
  check(c, "prio[0].rx_pause", 0, "rx_pfc_ena_frames_pri0", "ethtool");
  check(c, "prio[3].rx_pause_us", 92154, "pfc_pri3_rx_duration_us", "ethtool");
  check(c, "prio[3].tx_pause_us", 20311, "pfc_pri3_tx_duration_us", "ethtool");
  check(c, "prio[3].rx_pause_transitions", 4821, "pfc_pri3_rx_transitions", "ethtool");
  // Priority 3 rides CoS 1: its bytes are the driver's *_pri3 (from pri2cos), not rx_bytes_cos3.
  check(c, "prio[3].rx_bytes", 98765432100, "rx_bytes_pri3", "ethtool");
  check(c, "prio[3].tx_packets", 24510000, "tx_packets_pri3", "ethtool");
  check(c, "prio[1].rx_bytes", 8812345, "rx_bytes_pri1", "ethtool");
  for (int p = 0; p < 8; ++p) check_absent(c, "prio[" + std::to_string(p) + "].rx_discards");  // CoS drops stay raw
  check(c, "port.rx_discards", 17, "rx_stat_discard", "ethtool");
  check(c, "port.rx_bytes", 98774244445, "rx_bytes", "ethtool");
  check(c, "port.rx_packets", 24741234, "rx_good_frames", "ethtool");
  check(c, "global.rx_pause", 0, "rx_pause_frames", "ethtool");
  check(c, "link.down_events", 2, "link_down_events", "ethtool");
  check(c, "phy.rx_bits", 790193955560, "rx_bits", "ethtool");
  check(c, "phy.corrected_bits", 3, "rx_corrected_bits", "ethtool");
  // Ring [0] and the ring totals are never port counters.
  for (const auto& [name, value] : c) CHECK(value.raw_name.find('[') == std::string::npos);
}

TEST_CASE("ice: real E810 PFC counters from Intel's flow control guide") {
  const CounterSet s = parse_ethtool_sample("ice_ethtool_S_e810_prio_grep.txt");
  const Canonical c = canonicalize("ice", &s, nullptr, nullptr);
  // XOFF frames per priority; the 800 Series counts every priority of a TC with PFC on.
  for (int p : {0, 1, 3, 5, 6, 7})
    check(c, roce::counters::prio_name(p, "tx_pause"), 6434, "tx_priority_" + std::to_string(p) + "_xoff.nic",
          "ethtool");
  check(c, "prio[2].tx_pause", 14864, "tx_priority_2_xoff.nic", "ethtool");
  check(c, "prio[4].tx_pause", 0, "tx_priority_4_xoff.nic", "ethtool");
  for (int p = 0; p < 8; ++p)
    check(c, roce::counters::prio_name(p, "rx_pause"), 0, "rx_priority_" + std::to_string(p) + "_xoff.nic", "ethtool");
  // XON frames are not pause frames: 16 XOFF counters, nothing from the 16 XON ones.
  CHECK(c.size() == 16);
  check_absent(c, "global.tx_pause");  // link_xoff_tx.nic is not in this grep
  check_absent(c, "prio[3].tx_pause_us");
  CHECK(canonicalize("", &s, nullptr, nullptr) == c);
}

TEST_CASE("ice: real E810-XXV drops: the port's rx_dropped.nic, never the VSI's rx_dropped") {
  const CounterSet s = parse_ethtool_sample("ice_ethtool_S_e810xxv_rx_dropped_grep.txt");
  REQUIRE(s.get("rx_dropped") == 7206525u);  // the VSI (host) drops the reporter saw
  const Canonical c = canonicalize("ice", &s, nullptr, nullptr);
  check(c, "port.rx_discards", 0, "rx_dropped.nic", "ethtool");
  CHECK(c.size() == 1);
  // Without the driver's name the generic names give the same answer.
  CHECK(canonicalize("", &s, nullptr, nullptr) == c);
}

TEST_CASE("mlxsw: real Spectrum switch port swp31, full ethtool -S") {
  const CounterSet s = parse_ethtool_sample("mlxsw_ethtool_S_spectrum_swp31.txt");
  const Canonical c = canonicalize("mlxsw_spectrum", &s, nullptr, nullptr);

  check(c, "port.rx_packets", 63917145378, "a_frames_received_ok", "ethtool");
  check(c, "port.tx_packets", 57271205843, "a_frames_transmitted_ok", "ethtool");
  check(c, "port.rx_bytes", 319786790393748, "a_octets_received_ok", "ethtool");
  check(c, "port.tx_bytes", 239880508419557, "a_octets_transmitted_ok", "ethtool");
  check(c, "port.rx_discards", 0, "if_in_discards", "ethtool");
  check(c, "port.tx_discards", 0, "if_out_discards", "ethtool");
  check(c, "port.tx_errors", 0, "if_out_errors", "ethtool");
  check(c, "port.ecn_marked", 10, "ecn_marked", "ethtool");
  check(c, "phy.crc_errors", 0, "a_frame_check_sequence_errors", "ethtool");
  check(c, "global.rx_pause", 0, "a_pause_mac_ctrl_frames_received", "ethtool");
  check(c, "global.tx_pause", 0, "a_pause_mac_ctrl_frames_xmitted", "ethtool");

  // Most traffic left on priorities 3 and 4; no PFC frame in either direction on any priority.
  check(c, "prio[3].tx_bytes", 16352350345145, "tx_octets_prio_3", "ethtool");
  check(c, "prio[3].tx_packets", 6998434690, "tx_frames_prio_3", "ethtool");
  check(c, "prio[4].tx_bytes", 221347838755116, "tx_octets_prio_4", "ethtool");
  check(c, "prio[0].rx_bytes", 319786790393748, "rx_octets_prio_0", "ethtool");
  for (int p = 0; p < 8; ++p) {
    const std::string n = std::to_string(p);
    check(c, roce::counters::prio_name(p, "rx_pause"), 0, "rx_pause_prio_" + n, "ethtool");
    check(c, roce::counters::prio_name(p, "tx_pause"), 0, "tx_pause_prio_" + n, "ethtool");
    check(c, roce::counters::prio_name(p, "rx_pause_us"), 0, "rx_pause_duration_prio_" + n, "ethtool");
    check(c, roce::counters::prio_name(p, "tx_pause_us"), 0, "tx_pause_duration_prio_" + n, "ethtool");
    check_absent(c, roce::counters::prio_name(p, "rx_discards"));  // tc_no_buffer_discard_uc_tc_N is a queue
  }
  // Every canonical value comes from a port or priority counter, none from the 16 traffic classes
  // or the discard reasons.
  for (const auto& [name, metric] : c) {
    INFO(name << " <- " << metric.raw_name);
    CHECK_FALSE(metric.raw_name.starts_with("tc_"));
    CHECK_FALSE(metric.raw_name.starts_with("discard_"));
  }
  // 8 metrics for each of 8 priorities, 2 global pause, 10 port, 1 phy: the whole table.
  CHECK(c.size() == 77);
  CHECK(canonicalize("", &s, nullptr, nullptr) == c);
}

TEST_CASE("unknown driver: the generic union of every table") {
  const CounterSet s = read_ethtool_sample("mlx5_ethtool_S_100G_ofed_badlane.txt");
  const Canonical c = canonicalize("some_new_driver", &s, nullptr, nullptr);
  CHECK(c == canonicalize("mlx5_core", &s, nullptr, nullptr));
  CHECK(c == canonicalize("mlx5e_rep", &s, nullptr, nullptr));
  // A known driver gets its own table only: ice's names mean nothing on an mlx5 representor.
  CounterSet ice{{{"rx_priority_3_xoff.nic", 4}}};
  CHECK(canonicalize("mlx5e_rep", &ice, nullptr, nullptr).empty());
  CHECK(canonicalize("unknown", &ice, nullptr, nullptr).size() == 1);

  // bnxt's plain "rx_bytes" is the MAC's count on bnxt only; elsewhere it is a software counter.
  CounterSet plain{{{"rx_bytes", 5}, {"rx_pfc_ena_frames_pri3", 6}, {"cnpSent", 7}}};
  const Canonical u = canonicalize("", &plain, nullptr, nullptr);
  check_absent(u, "port.rx_bytes");
  check(u, "prio[3].rx_pause", 6, "rx_pfc_ena_frames_pri3", "ethtool");
  CounterSet hw{{{"cnpSent", 7}, {"rx_bytes", 8}}};
  const Canonical h = canonicalize("", nullptr, &hw, nullptr);
  check(h, "roce.cnp_sent", 7, "cnpSent", "hw_counters");
  check_absent(h, "port.rx_rdma_bytes");
}

TEST_CASE("canonicalize a netdev and its RDMA port") {
  using roce::model::Availability;
  using roce::model::DriverInfo;
  using roce::model::Field;
  roce::model::NetDev netdev;
  netdev.name = "ens1f0np0";
  netdev.driver = Field<DriverInfo>::of({"mlx5_core", "", "", ""}, {"ethtool-ioctl", "ens1f0np0"});
  netdev.ethtool_stats = Field<CounterSet>::of(CounterSet{{{"rx_discards_phy", 12}}});
  roce::model::RdmaPort port;
  port.number = 1;
  port.hw_counters = Field<CounterSet>::of(CounterSet{{{"out_of_sequence", 3}}});
  port.counters = Field<CounterSet>::missing(Availability::unsupported, "EINVAL");

  const Canonical c = canonicalize(&netdev, &port);
  check(c, "port.rx_discards", 12, "rx_discards_phy", "ethtool");
  check(c, "roce.out_of_sequence", 3, "out_of_sequence", "hw_counters");
  CHECK(c.size() == 2);

  netdev.ethtool_stats = Field<CounterSet>::missing(Availability::denied, "EPERM");
  const Canonical without = canonicalize(&netdev, nullptr);
  CHECK(without.empty());
  const roce::model::NetDev* no_netdev = nullptr;
  CHECK(canonicalize(no_netdev, nullptr).empty());
}

}  // namespace roce::test
