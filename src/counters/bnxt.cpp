// Broadcom bnxt_en `ethtool -S` port statistics (bnxt_ethtool.c) and bnxt_re hw_counters
// (bnxt_re/hw_counters.c). See research/formats.md §1.5.
//
// Ring counters are printed as "[N]: rx_discards": they belong to one ring, not to the port, and
// no rule here matches them. Port names are listed exactly, so a ring name can never fall through.
//
// rx_discard_packets_cos{N} / rx_discard_bytes_cos{N} are NOT mapped to prio[N].rx_discards: they
// count per CoS queue, and the priority->CoS map is firmware state (the driver reads it to build
// rx_bytes_pri{N}) that is not in the counter set. cos N == priority N is true only for some
// configurations, and a wrong guess would blame the wrong priority for drops.
#include "counters/rules.hpp"

namespace roce::counters::detail {
namespace {

constexpr Set H = Set::hw_counters;
constexpr Set E = Set::ethtool;

constexpr Rule kRules[] = {
    // Per priority, built by the driver from the pri2cos map (when firmware reports it).
    {"prio[{n}].rx_bytes", "rx_bytes_pri{n}"},
    {"prio[{n}].tx_bytes", "tx_bytes_pri{n}"},
    {"prio[{n}].rx_packets", "rx_packets_pri{n}"},
    {"prio[{n}].tx_packets", "tx_packets_pri{n}"},
    {"prio[{n}].rx_pause", "rx_pfc_ena_frames_pri{n}"},
    {"prio[{n}].tx_pause", "tx_pfc_ena_frames_pri{n}"},
    {"prio[{n}].rx_pause_us", "pfc_pri{n}_rx_duration_us"},
    {"prio[{n}].tx_pause_us", "pfc_pri{n}_tx_duration_us"},
    {"prio[{n}].rx_pause_transitions", "pfc_pri{n}_rx_transitions"},

    {"global.rx_pause", "rx_pause_frames"},
    {"global.tx_pause", "tx_pause_frames"},

    // Port MAC statistics. continuous_pause_events is not a storm counter in mlx5's sense (no
    // watermark, no pause disabling) and stays raw.
    // rx_stat_discard is the port's total of receive discards; rx_discard_packets_cos{N} split the
    // same frames by CoS queue: never add them to it.
    {"port.rx_discards", "rx_stat_discard"},
    {"port.tx_discards", "tx_stat_discard"},
    {"port.rx_bytes", "rx_bytes", E, false},
    {"port.tx_bytes", "tx_bytes", E, false},
    {"port.rx_packets", "rx_good_frames"},
    {"port.tx_packets", "tx_good_frames"},
    {"port.rx_oversize", "rx_ovrsz_frames"},
    {"port.rx_buffer_passed_thres", "rx_buffer_passed_threshold"},
    {"phy.rx_bits", "rx_bits"},
    {"phy.corrected_bits", "rx_corrected_bits"},
    {"phy.symbol_errors", "rx_pcs_symbol_err"},
    {"phy.crc_errors", "rx_fcs_err_frames"},
    {"phy.fec_uncorrectable_blocks", "rx_fec_uncorrectable_blocks"},
    {"link.down_events", "link_down_events"},

    // bnxt_re hw_counters. rx_bytes/tx_bytes/rx_pkts/tx_pkts are the RoCE function's unicast
    // traffic; the *_roce_only_* counters of newer drivers exclude CNPs and are preferred.
    {"port.rx_rdma_bytes", "rx_roce_only_bytes", H},
    {"port.tx_rdma_bytes", "tx_roce_only_bytes", H},
    {"port.rx_rdma_packets", "rx_roce_only_pkts", H},
    {"port.tx_rdma_packets", "tx_roce_only_pkts", H},
    {"port.rx_rdma_bytes", "rx_bytes", H, false},
    {"port.tx_rdma_bytes", "tx_bytes", H, false},
    {"port.rx_rdma_packets", "rx_pkts", H, false},
    {"port.tx_rdma_packets", "tx_pkts", H, false},
    {"roce.out_of_buffer", "rx_out_of_buffer", H},
    {"roce.out_of_sequence", "oos_drop_count", H},
    {"roce.packet_seq_err", "seq_err_naks_rcvd", H},
    {"roce.duplicate_request", "dup_req", H},
    {"roce.duplicate_request", "dup_reqs", H},  // out-of-tree driver
    {"roce.retransmit_timeouts", "to_retransmits", H},
    // CNP/ECN counters: tx_cnp_pkts/rx_cnp_pkts/rx_ecn_marked_pkts, later renamed by Broadcom to
    // the mlx5 names np_cnp_pkts/rp_cnp_handled/np_ecn_marked_roce_packets (so the driver itself
    // treats a received CNP as a handled one).
    {"roce.cnp_sent", "tx_cnp_pkts", H},
    {"roce.cnp_sent", "np_cnp_pkts", H},
    {"roce.cnp_handled", "rx_cnp_pkts", H},
    {"roce.cnp_handled", "rp_cnp_handled", H},
    {"roce.ecn_marked", "rx_ecn_marked_pkts", H},
    {"roce.ecn_marked", "np_ecn_marked_roce_packets", H},
};

}  // namespace

std::span<const Rule> bnxt_rules() { return kRules; }

}  // namespace roce::counters::detail
