#pragma once
// Canonical counter names: one vocabulary over the drivers' raw names (mlx5, mlxsw, bnxt_en/bnxt_re,
// ice/irdma). Checks read canonical names; findings cite the raw name each value came from.
//
// Names (N = priority 0..7, L = lane):
//   prio[N].rx_bytes  prio[N].tx_bytes  prio[N].rx_packets  prio[N].tx_packets
//   prio[N].rx_pause  prio[N].tx_pause          PFC frames received / sent
//   prio[N].rx_pause_us  prio[N].tx_pause_us    pause duration, microseconds
//   prio[N].rx_pause_transitions
//   prio[N].rx_discards                         dropped for lack of receive buffer on the port
//   prio[N].rx_buf_discards                     the same drops seen per host (mlx5): never add it to
//                                               rx_discards, take the larger (counters/mlx5.cpp)
//   prio[N].rx_cong_discards  prio[N].rx_ecn_marked
//   global.rx_pause  global.tx_pause  global.rx_pause_us  global.tx_pause_us   802.3x pause
//   global.rx_pause_transitions
//   pause.storm_warning_events  pause.storm_error_events
//   port.rx_discards  port.tx_discards  port.rx_bytes  port.tx_bytes  port.rx_packets  port.tx_packets
//   port.rx_oversize  port.rx_out_of_range_len  port.tx_errors
//   port.rx_rdma_bytes  port.tx_rdma_bytes  port.rx_rdma_packets  port.tx_rdma_packets
//   port.rx_buffer_passed_thres
//   port.ecn_marked                             switch port: packets ECN-marked on egress (mlxsw)
//   port.tx_wait                                IB PMA port_xmit_wait: ticks with data but no credit
//   host.rx_out_of_buffer                       receive queue had no buffer (ethtool)
//   pcie.stalled_rd  pcie.stalled_wr  pcie.stalled_rd_events  pcie.stalled_wr_events
//   pcie.buffer_overflow
//   phy.rx_bits  phy.corrected_bits  phy.symbol_errors (post-FEC)  phy.crc_errors
//   phy.fec_uncorrectable_blocks  phy.lane[L].errors
//   link.down_events  link.downed (IB PMA)  link.error_recovery (IB PMA)
//   roce.out_of_buffer  roce.out_of_sequence  roce.packet_seq_err  roce.implied_nak_seq_err
//   roce.local_ack_timeout_err  roce.duplicate_request  roce.retransmits  roce.retransmit_timeouts
//   roce.ecn_marked  roce.cnp_sent  roce.cnp_handled  roce.cnp_ignored
//   roce.rx_icrc_errors
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "model/host.hpp"

namespace roce::counters {

struct Metric {
  std::uint64_t value = 0;
  std::string raw_name;  // as the driver names it: "rx_prio3_pause_duration"
  std::string set;       // "ethtool", "hw_counters", "counters" (IB PMA), "rtnl"
  bool operator==(const Metric&) const = default;
};

using Canonical = std::map<std::string, Metric, std::less<>>;

// "prio[3].rx_pause_us"
std::string prio_name(int prio, std::string_view what);
// "phy.lane[2].errors"
std::string lane_name(int lane);

// Canonical view of one netdev and (if any) its RDMA port. `driver` selects the map ("mlx5_core",
// "mlx5e_rep", "mlxsw_spectrum*", "bnxt_en", "ice"); unknown drivers get the generic names that
// several share.
// When several raw names map to one canonical name, the first present in the map's order wins.
// A canonical name whose raw counters are all absent is absent from the result (never zero).
Canonical canonicalize(std::string_view driver, const model::CounterSet* ethtool, const model::CounterSet* hw_counters,
                       const model::CounterSet* ib_counters);

// Convenience over a netdev and its port (either may be null).
Canonical canonicalize(const model::NetDev* netdev, const model::RdmaPort* port);

}  // namespace roce::counters
