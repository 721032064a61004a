// mlx5_core `ethtool -S` names (en_stats.c, meanings in counters.rst) and mlx5_ib hw_counters
// (hw/mlx5/counters.c). See research/formats.md §1.2, §1.3, §2.3.
#include "counters/rules.hpp"

namespace roce::counters::detail {
namespace {

constexpr Set H = Set::hw_counters;

constexpr Rule kRules[] = {
    // Per priority (traffic counters always; PFC counters only for PFC-enabled priorities).
    {"prio[{n}].rx_bytes", "rx_prio{n}_bytes"},
    {"prio[{n}].tx_bytes", "tx_prio{n}_bytes"},
    {"prio[{n}].rx_packets", "rx_prio{n}_packets"},
    {"prio[{n}].tx_packets", "tx_prio{n}_packets"},
    {"prio[{n}].rx_pause", "rx_prio{n}_pause"},
    {"prio[{n}].tx_pause", "tx_prio{n}_pause"},
    {"prio[{n}].rx_pause_us", "rx_prio{n}_pause_duration"},
    {"prio[{n}].tx_pause_us", "tx_prio{n}_pause_duration"},
    {"prio[{n}].rx_pause_transitions", "rx_prio{n}_pause_transition"},
    // Drops for lack of receive buffer, and which counters see the same frames (counters.rst,
    // en_stats.c): rx_prio{n}_discards (PPCNT per-priority group, kernel 5.6+) counts the frames the
    // port dropped on priority n; rx_prio{n}_buf_discard (per-port-buffer congestion group, sbcam cap)
    // counts the drops "due to lack of per host receive buffers": on a single-host adapter the same
    // frames, on a multi-host one the host's share of them. Never add the two: a drop is
    // max(Δ discards, Δ buf_discard). rx_discards_phy is the port total of the same drops over all
    // priorities; rx_out_of_buffer (host.rx_out_of_buffer) and hw_counters out_of_buffer count frames
    // the port accepted but no receive queue had a buffer for: other frames, later in the path.
    {"prio[{n}].rx_discards", "rx_prio{n}_discards"},
    {"prio[{n}].rx_buf_discards", "rx_prio{n}_buf_discard"},
    {"prio[{n}].rx_cong_discards", "rx_prio{n}_cong_discard"},
    {"prio[{n}].rx_ecn_marked", "rx_prio{n}_marked"},

    // 802.3x global pause: present only while global pause is on. rx/tx_pause_ctrl_phy are not
    // used as a fallback: they are the MAC control-frame counters, not the pause state.
    {"global.rx_pause", "rx_global_pause"},
    {"global.tx_pause", "tx_global_pause"},
    {"global.rx_pause_us", "rx_global_pause_duration"},
    {"global.tx_pause_us", "tx_global_pause_duration"},
    {"global.rx_pause_transitions", "rx_global_pause_transition"},
    {"pause.storm_warning_events", "tx_pause_storm_warning_events"},
    {"pause.storm_warning_events", "tx_pause_storm_warning_events "},  // old en_stats.c revision
    {"pause.storm_error_events", "tx_pause_storm_error_events"},

    // Physical port.
    {"port.rx_discards", "rx_discards_phy"},
    {"port.tx_discards", "tx_discards_phy"},
    {"port.rx_bytes", "rx_bytes_phy"},
    {"port.tx_bytes", "tx_bytes_phy"},
    {"port.rx_packets", "rx_packets_phy"},
    {"port.tx_packets", "tx_packets_phy"},
    {"port.rx_oversize", "rx_oversize_pkts_phy"},
    {"port.rx_out_of_range_len", "rx_out_of_range_len_phy"},
    {"port.tx_errors", "tx_errors_phy"},
    {"port.rx_buffer_passed_thres", "rx_buffer_passed_thres_phy"},
    // RDMA traffic on the vport: unicast only (RoCE RC/UC/UD unicast); multicast RDMA (UD
    // multicast) stays under its raw name.
    {"port.rx_rdma_bytes", "rx_vport_rdma_unicast_bytes"},
    {"port.tx_rdma_bytes", "tx_vport_rdma_unicast_bytes"},
    {"port.rx_rdma_packets", "rx_vport_rdma_unicast_packets"},
    {"port.tx_rdma_packets", "tx_vport_rdma_unicast_packets"},
    // The same from the optional hw_counters (enabled with `rdma statistic set ... optional-counters`).
    {"port.rx_rdma_bytes", "rdma_rx_bytes", H},
    {"port.tx_rdma_bytes", "rdma_tx_bytes", H},
    {"port.rx_rdma_packets", "rdma_rx_packets", H},
    {"port.tx_rdma_packets", "rdma_tx_packets", H},

    {"host.rx_out_of_buffer", "rx_out_of_buffer"},
    {"pcie.stalled_rd", "outbound_pci_stalled_rd"},
    {"pcie.stalled_wr", "outbound_pci_stalled_wr"},
    {"pcie.stalled_rd_events", "outbound_pci_stalled_rd_events"},
    {"pcie.stalled_wr_events", "outbound_pci_stalled_wr_events"},
    {"pcie.buffer_overflow", "outbound_pci_buffer_overflow"},

    // PHY. rx_pcs_symbol_err_phy is the post-FEC symbol error count (BER = it / rx_bits_phy);
    // rx_symbol_err_phy counts dropped packets, not symbols, and is left raw.
    // phy.fec_uncorrectable_blocks is not in mlx5's ethtool -S (ethtool --show-fec has it).
    {"phy.rx_bits", "rx_bits_phy"},
    {"phy.corrected_bits", "rx_corrected_bits_phy"},
    {"phy.symbol_errors", "rx_pcs_symbol_err_phy"},
    {"phy.crc_errors", "rx_crc_errors_phy"},
    {"phy.lane[{n}].errors", "rx_err_lane_{n}_phy"},
    {"link.down_events", "link_down_events_phy"},

    // mlx5_ib hw_counters. Congestion counters exist only with cap cc_query_allowed; the q-counter
    // names get a `vport_` prefix on switchdev ports with vport q-counters.
    {"roce.out_of_buffer", "out_of_buffer", H},
    {"roce.out_of_buffer", "vport_out_of_buffer", H},
    {"roce.out_of_sequence", "out_of_sequence", H},
    {"roce.out_of_sequence", "vport_out_of_sequence", H},
    {"roce.packet_seq_err", "packet_seq_err", H},
    {"roce.packet_seq_err", "vport_packet_seq_err", H},
    {"roce.implied_nak_seq_err", "implied_nak_seq_err", H},
    {"roce.implied_nak_seq_err", "vport_implied_nak_seq_err", H},
    {"roce.local_ack_timeout_err", "local_ack_timeout_err", H},
    {"roce.local_ack_timeout_err", "vport_local_ack_timeout_err", H},
    {"roce.duplicate_request", "duplicate_request", H},
    {"roce.duplicate_request", "vport_duplicate_request", H},
    // mlx5 counts retransmissions only through adaptive retransmission (ConnectX-5 and later).
    {"roce.retransmits", "roce_adp_retrans", H},
    {"roce.retransmits", "vport_roce_adp_retrans", H},
    {"roce.retransmit_timeouts", "roce_adp_retrans_to", H},
    {"roce.retransmit_timeouts", "vport_roce_adp_retrans_to", H},
    {"roce.ecn_marked", "np_ecn_marked_roce_packets", H},
    {"roce.ecn_marked", "cc_rx_ce_pkts", H},
    {"roce.cnp_sent", "np_cnp_sent", H},
    {"roce.cnp_sent", "cc_tx_cnp_pkts", H},
    // cc_rx_cnp_pkts counts CNPs received, handled or ignored: it is not a fallback for either.
    {"roce.cnp_handled", "rp_cnp_handled", H},
    {"roce.cnp_ignored", "rp_cnp_ignored", H},
    {"roce.rx_icrc_errors", "rx_icrc_encapsulated", H},
};

}  // namespace

std::span<const Rule> mlx5_rules() { return kRules; }

}  // namespace roce::counters::detail
