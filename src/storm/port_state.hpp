#pragma once
// What each port was doing in each bin, per priority (0-7, and kGlobal for 802.3x pause): pausing
// its partner, paused by it, congested on its own. Read from the port's own counters or, where it
// has none, from its partner's across the cable (a switch's `show pfc counters` Rx is its host's
// Tx). Pause time comes from the duration counters; where only frames are counted, each frame is
// taken to pause for the quanta a sender refreshes at (65535 x 512 bit times at the line rate). A
// storm the PFC watchdog detects on a switch queue (`show pfcwd stats`) means its partner paused it
// for the watchdog's detection time, 200 ms by default: a fifth of a second's bin at least. A port
// with no counters in a bin (a host that kept no recording) is read wholly from its partner's:
// what it paused, what paused it, and what it received (what its partner sent).
#include <cstdint>
#include <optional>
#include <vector>

#include "storm/bins.hpp"

namespace roce::storm {

inline constexpr int kGlobal = kPriorities;  // the 802.3x "priority"
inline constexpr int kLanes = kPriorities + 1;

struct StateOptions {
  double pause_share = 0.01;      // paused this share of a bin or more: pausing / paused (traced)
  double storm_share = 0.05;      // a run is a storm when some port pauses this share of a bin
  double busy_share = 0.10;       // receiving this share of line rate or more: traffic to drain
  double congested_share = 0.90;  // sending this share of line rate: a full egress
  double default_gbps = 100;      // a port's speed when no source gives it
  double pfcwd_share = 0.2;       // the share of a bin a storm the watchdog detects stands for
};

/// One port's flags in one bin.
struct State {
  std::uint16_t pausing = 0;  // bit p: sends pauses on lane p (kGlobal: 802.3x)
  std::uint16_t paused = 0;   // bit p: receives pauses on lane p
  bool known = false;
  bool congested = false;       // ECN marks, discards, out_of_buffer, a full egress
  bool receiving = false;       // receives at least busy_share of line rate
  bool rx_known = false;        // its received bytes are counted
  float pause_share[kLanes]{};  // the larger of sent and received, per lane
};

struct PortStates {
  std::vector<PortBins> ports;                      // as binned
  std::vector<std::optional<std::size_t>> partner;  // by port: the port at the other end of its cable
  std::vector<std::vector<State>> states;           // [port][bin]
};

/// The states of every port, with partners from `cables` (ports not in the data have none).
PortStates port_states(std::vector<PortBins> ports, const std::vector<Cable>& cables, std::int64_t bin_ms,
                       const StateOptions& options = {});

}  // namespace roce::storm
