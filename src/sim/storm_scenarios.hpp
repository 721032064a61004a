#pragma once
// Pause-storm scenarios with known truth, each drawn from a seed: the fabric (size, speed, cables),
// the flows and faults, the background traffic (noise), when the storm begins and ends, and the
// clocks of the nodes (skewed by up to 100 ms, each sampling at its own phase). The truth names the
// origin port and the cause; the victims are found by running the model (storm_truth.hpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/lossless_fabric.hpp"
#include "sim/lossless_traffic.hpp"

namespace roce::sim {

enum class StormCause { none, incast, slow_receiver, nic_pause_storm, cyclic_dependency, global_pause };
inline constexpr StormCause kStormCauses[] = {StormCause::incast,          StormCause::slow_receiver,
                                              StormCause::nic_pause_storm, StormCause::cyclic_dependency,
                                              StormCause::global_pause,    StormCause::none};

/// "none", "incast", "slow-receiver", "nic-storm", "cycle", "global-pause": the names storm::to_string gives
/// the analysis's causes, so that a verdict and a truth compare as text.
std::string_view to_string(StormCause cause);
std::optional<StormCause> storm_cause_named(std::string_view name);

/// A port by the names its sources use ("leaf02 Ethernet12", "gpu007 ens1f0np0").
struct PortName {
  std::string node, port;
  bool is_switch = false;
  bool operator==(const PortName&) const = default;
  auto operator<=>(const PortName&) const = default;
};

struct Victim {
  PortName port;
  double first_paused_s = 0;  // simulated time
  int hops = 0;               // cables between the origin and the victim along the pauses
  double paused_share = 0;    // the largest share of a second it was paused
};

struct StormTruth {
  StormCause cause = StormCause::none;
  int priority = 3;
  std::optional<PortName> origin;
  double start_s = 0, end_s = 0;  // the cause begins and ends (simulated time)
  std::vector<PortName> cycle;    // cycle: both ends of each cable of the cycle
  // Found by running the model (storm_truth.hpp):
  std::optional<double> onset_s;  // the first pause of the storm
  std::vector<Victim> victims;
  std::vector<PortName> unrelated_paused;  // paused, but not reached from the origin (noise)
};

struct NodeClock {
  std::string node;
  double skew_ms = 0;   // the node's clock minus true time
  double phase_ms = 0;  // its first sample, after the start of the run
};

struct Scenario {
  std::string name;  // "incast-17"
  std::uint64_t seed = 0;
  Fabric fabric;
  Traffic traffic;
  double duration_s = 90;
  StormTruth truth;
  std::int64_t epoch_unix_ms = 1796000000000;  // the true wall clock at simulated time 0
  double sample_interval_s = 1;
  std::vector<NodeClock> clocks;  // one per node, in node order
};

/// The scenario of `cause` drawn from `seed` (the same seed gives the same scenario).
Scenario make_scenario(StormCause cause, std::uint64_t seed);

/// A quiet fabric of a given shape and length (background traffic only), for measuring what its
/// files cost.
Scenario make_quiet_fabric(const LeafSpineShape& shape, double duration_s, std::uint64_t seed);

}  // namespace roce::sim
