#pragma once
// Who started the storm: over the ports' states, the wait-for graph of pauses (who paused whom,
// when, on which priority: across each cable, and inside a switch from a pausing ingress to the
// egresses of that switch that were paused or congested at the same time), its origin with the
// class of its cause, the spread (every port the pauses reached, by hops from the origin) and the
// victims (paused, with no congestion of their own), a timeline, and the fix for the origin.
#include <cstdint>
#include <string>
#include <vector>

#include "storm/port_state.hpp"
#include "storm/series.hpp"

namespace roce::storm {

enum class Cause : std::uint8_t {
  slow_receiver,  // a host NIC pausing while it receives: its receive path (buffers, PCIe) is slow
  nic_storm,      // a host NIC pausing while it receives little (under a tenth of line rate): SIGCOMM'16's storm
  incast,         // a switch egress congested by many senders; its ingresses pause them
  cycle,          // switch buffers waiting on each other in a cycle (deadlock risk)
  global_pause,   // 802.3x pause on a port of a PFC fabric: every priority stops
  unknown,        // a switch port pausing for a cause its switch's counters do not show
};
const char* to_string(Cause cause);  // "slow-receiver", "nic-storm", "incast", "cycle", "global-pause", "unknown"

/// One port the storm reached.
struct Reached {
  PortId port;
  int hops = 0;                            // from the origin, across cables and through switches
  std::int64_t first_ms = 0, last_ms = 0;  // when it paused or was paused, bin starts
  bool pausing = false, paused = false;
  bool victim = false;    // paused, with no congestion of its own
  double peak_share = 0;  // the largest share of a bin it paused or was paused
};

struct Storm {
  std::vector<PortId> origin;  // one port; the ports of a cycle
  Cause cause = Cause::unknown;
  int priority = -1;  // 0-7; -1 for 802.3x global pause
  std::int64_t start_ms = 0, end_ms = 0;
  std::vector<Reached> reached;       // by hops, then by when
  std::vector<std::string> evidence;  // what the origin's counters show
  std::vector<std::string> fixes;     // for the origin
  std::vector<std::string> unseen;    // what the analysis could not see that bears on it
};

struct AnalyzeOptions {
  std::int64_t bin_ms = 1000;
  std::int64_t max_skew_ms = 100;  // how far the sources' clocks may be apart
  int gap_bins = 5;                // pausing this many bins apart is one storm
  StateOptions states{};
};

struct Analysis {
  Grid grid;
  std::size_t ports = 0, cables = 0;
  std::vector<Storm> storms;  // in time order
  std::vector<std::string> notes;
};

Analysis analyze(const Incident& incident, const AnalyzeOptions& options = {});

}  // namespace roce::storm
