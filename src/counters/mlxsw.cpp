// mlxsw (Spectrum switch ports) `ethtool -S` names, from spectrum_ethtool.c: the PPCNT groups
// IEEE 802.3, RFC 2863, RFC 2819, extended, discard, per priority ("%.29s_%.1d", e.g.
// "rx_pause_prio_3") and per traffic class ("tc_no_buffer_discard_uc_tc_3").
//
// The per-TC counters are not mapped to priorities: a TC is a queue, and which priorities feed it
// depends on the ETS prio->tc map, which this table cannot know.
#include "counters/rules.hpp"

namespace roce::counters::detail {
namespace {

constexpr Rule kRules[] = {
    {"prio[{n}].rx_bytes", "rx_octets_prio_{n}"},
    {"prio[{n}].tx_bytes", "tx_octets_prio_{n}"},
    {"prio[{n}].rx_packets", "rx_frames_prio_{n}"},
    {"prio[{n}].tx_packets", "tx_frames_prio_{n}"},
    {"prio[{n}].rx_pause", "rx_pause_prio_{n}"},
    {"prio[{n}].tx_pause", "tx_pause_prio_{n}"},
    {"prio[{n}].rx_pause_us", "rx_pause_duration_prio_{n}"},
    {"prio[{n}].tx_pause_us", "tx_pause_duration_prio_{n}"},

    // IEEE 802.3 aPAUSEMACCtrlFrames{Received,Transmitted} count PAUSE-opcode frames only (PFC
    // frames have their own opcode and are counted per priority above).
    {"global.rx_pause", "a_pause_mac_ctrl_frames_received"},
    {"global.tx_pause", "a_pause_mac_ctrl_frames_xmitted"},

    // The same PPCNT fields mlx5 exposes as rx_discards_phy, tx_errors_phy, rx_oversize_pkts_phy...
    {"port.rx_discards", "if_in_discards"},
    {"port.tx_discards", "if_out_discards"},
    {"port.tx_errors", "if_out_errors"},
    {"port.rx_bytes", "a_octets_received_ok"},
    {"port.tx_bytes", "a_octets_transmitted_ok"},
    {"port.rx_packets", "a_frames_received_ok"},
    {"port.tx_packets", "a_frames_transmitted_ok"},
    {"port.rx_oversize", "ether_stats_oversize_pkts"},
    {"port.rx_out_of_range_len", "a_out_of_range_length_field"},
    {"port.ecn_marked", "ecn_marked"},
    {"phy.crc_errors", "a_frame_check_sequence_errors"},
};

}  // namespace

std::span<const Rule> mlxsw_rules() { return kRules; }

}  // namespace roce::counters::detail
