#pragma once
// The counters a pause storm is traced with, per port of the fabric (a host NIC port or a switch
// port), as time series on each source's own clock, and the cables between the ports. Plain
// values: readers fill them (host recordings and captures, switch snapshots, Prometheus), the
// alignment puts them on one clock, the analysis reads them. A counter a source does not have is
// absent, never zero.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace roce::storm {

inline constexpr int kPriorities = 8;

/// A port: "gpu007 ens3f0np0" (a host NIC port) or "leaf01 Ethernet8" (a switch port).
struct PortId {
  std::string node;  // host or switch name as the source names it
  std::string port;  // netdev or switch port name
  bool is_switch = false;
  std::string text() const { return node + " " + port; }
  bool operator==(const PortId&) const = default;
  auto operator<=>(const PortId&) const = default;
};

/// Cumulative counters of one port at one instant. Pauses per priority (PFC) and global (802.3x).
struct Counters {
  std::array<std::optional<std::uint64_t>, kPriorities> tx_pause{}, rx_pause{};        // frames sent / received
  std::array<std::optional<std::uint64_t>, kPriorities> tx_pause_us{}, rx_pause_us{};  // duration, microseconds
  std::array<std::optional<std::uint64_t>, kPriorities> rx_discards{};                 // dropped for lack of buffer
  std::optional<std::uint64_t> global_tx_pause, global_rx_pause;                       // 802.3x frames
  std::optional<std::uint64_t> rx_bytes, tx_bytes;
  std::optional<std::uint64_t> rx_discards_port;       // rx_discards_phy: the port dropped on receive
  std::optional<std::uint64_t> out_of_buffer;          // host: a receive queue had no buffer
  std::optional<std::uint64_t> pcie_stalls;            // host: PCIe back-pressure (outbound stalls)
  std::optional<std::uint64_t> ecn_marked;             // switch egress, or a host's RoCE ECN-marked packets
  std::optional<std::uint64_t> cnp_sent, cnp_handled;  // host RoCE congestion notifications
  std::optional<std::uint64_t> tx_discards;            // switch egress drops (TX_DRP; the PFC watchdog's too)
  /// Switch: storms the PFC watchdog detected on the queue of each priority (`show pfcwd stats`).
  std::array<std::optional<std::uint64_t>, kPriorities> pfcwd_storms{};
  bool operator==(const Counters&) const = default;
};

struct Sample {
  std::int64_t time_ms = 0;  // the source's clock (Unix ms)
  Counters counters;
  bool operator==(const Sample&) const = default;
};

/// One port's samples in time order, and where they came from.
struct PortSeries {
  PortId port;
  std::string source;    // "recording gpu007.rec", "snapshots leaf01.txt", "prometheus http://..."
  double line_gbps = 0;  // the port's speed; 0 when not known
  std::vector<Sample> samples;
  bool operator==(const PortSeries&) const = default;
};

/// A cable between two ports (from LLDP: a host's neighbours, a switch's LLDP table).
struct Cable {
  PortId a, b;
  std::string found_by;  // "host LLDP", "switch LLDP"
  bool operator==(const Cable&) const = default;
};

/// Everything read for one incident.
struct Incident {
  std::vector<PortSeries> ports;
  std::vector<Cable> cables;
  std::vector<std::string> notes;  // what could not be read, and what that hides
  bool operator==(const Incident&) const = default;
};

}  // namespace roce::storm
