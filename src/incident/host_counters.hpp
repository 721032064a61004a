#pragma once
// A host sample's ports as the storm analysis sees them: each netdev that carries PFC counters or
// an RDMA port, named {hostname, netdev}, with its line rate and its storm::Counters read through
// counters::canonicalize. Where each counter comes from (which raw counter of which set) is found
// once per configuration and checked by name on every sample, so that a day of samples costs a few
// comparisons per counter, not a canonical map per sample.
//
// Counters from canonical names: prio[N].tx_pause / rx_pause / tx_pause_us / rx_pause_us;
// prio[N].rx_discards with prio[N].rx_buf_discards, the larger (the same drops counted twice on a
// single-host adapter, counters/mlx5.cpp); global.tx_pause / rx_pause; port.rx_bytes / tx_bytes /
// rx_discards / tx_discards; out_of_buffer = host.rx_out_of_buffer + roce.out_of_buffer (the
// netdev's and the RDMA queues' drops: different packets); pcie_stalls =
// pcie.stalled_rd_events + pcie.stalled_wr_events (seconds with stalls above 30%: cumulative, where
// the stalled_rd/wr percentages are gauges); roce.ecn_marked, roce.cnp_sent, roce.cnp_handled.
#include <cstdint>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "storm/series.hpp"

namespace roce::incident {

struct HostPort {
  storm::PortId id;
  double line_gbps = 0;  // the netdev's link speed, else its RDMA port's rate; 0 unknown
};

class HostCounters {
 public:
  /// The ports of `host` (rebuilt when its configuration changed since the last call).
  const std::vector<HostPort>& ports(const model::Host& host);
  /// Every port's counters in `host`, in the order of ports(host).
  void read(const model::Host& host, std::vector<storm::Counters>& out);
  /// Per port, a number that changes when any of its pause counters (PFC and 802.3x, frames and
  /// duration) changes: the sum of their values.
  void pause_sums(const model::Host& host, std::vector<std::uint64_t>& out);
  /// Where in `host` the values pause_sums adds up are (for a recording's frame summaries).
  std::vector<const void*> pause_addresses(const model::Host& host);
  /// Whether some sample read so far had a pause counter.
  bool pause_counters_seen() const { return pause_seen_; }

  enum class Combine : std::uint8_t { first, larger, sum };
  struct Slot {
    std::uint16_t port;  // index in ports()
    std::uint8_t field;  // storm counter (host_counters.cpp: field_of)
    std::uint8_t set;    // 0 the netdev's ethtool -S, 1 its RDMA port's hw_counters, 2 its PMA counters
    Combine combine;
    std::uint32_t netdev, device, rdma_port;  // where the set is in the Host
    std::uint32_t entry;                      // index in the set
    std::string raw;                          // the counter's name there
  };

 private:
  bool still_valid(const model::Host& host) const;
  void rebuild(const model::Host& host);
  void refresh(const model::Host& host);

  std::vector<HostPort> ports_;
  std::vector<Slot> slots_;
  std::string hostname_;
  std::vector<std::string> netdev_names_;
  std::vector<std::size_t> set_sizes_;
  bool built_ = false;
  bool pause_seen_ = false;
};

}  // namespace roce::incident
