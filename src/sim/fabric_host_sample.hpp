#pragma once
// A simulated fabric host as `record` would sample it from a ConnectX NIC (mlx5_core, ens1f0np0 /
// mlx5_0): the model's counters under mlx5's real names (ethtool -S: rx/tx_prioN_bytes|packets,
// rx/tx_prioN_pause, rx/tx_prioN_pause_duration and _transition on the PFC priorities,
// rx_prioN_discards, rx_discards_phy, the _phy totals, rx/tx_pause_ctrl_phy, and with 802.3x pause
// rx/tx_global_pause|_duration|_transition; hw_counters out_of_buffer, np_ecn_marked_roce_packets,
// np_cnp_sent, rp_cnp_handled; outbound_pci_stalled_wr as the driver reports it: the percentage of
// the last second stalled, with _events counting the seconds above 30 %). Bytes become packets at
// one 4150 B RoCE frame each.
#include <cstdint>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "sim/lossless_fabric.hpp"

namespace roce::sim {

inline constexpr double kRoceFrameBytes = 4150;

class HostSampleBuilder {
 public:
  /// `global_pause_hosts`: nodes that run 802.3x pause instead of PFC. `source`: the provenance's name.
  HostSampleBuilder(const Fabric& fabric, std::vector<int> global_pause_hosts, std::string source);

  /// The host's sample from its port's counters row (slot::kCount values) at true time `true_s`,
  /// stamped with the host's own clock `unix_ms`. Samples of one host must come in time order.
  model::Host sample(int host, double true_s, const double* row, std::int64_t unix_ms);

 private:
  struct Gauge {
    double last_s = -1, last_stall_us = 0;
    std::uint64_t events = 0;
  };
  const Fabric& fabric_;
  std::vector<int> global_;
  std::string source_;
  std::vector<Gauge> gauges_;  // per node
};

}  // namespace roce::sim
