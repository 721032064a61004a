#pragma once
// Running a storm scenario and completing its truth from what the model did: when the storm's first
// pause came, which ring port of a cycle paused first (the cycle's origin), and the victims: the
// ports stopped by their peer for at least 1 % of some second from the storm's start to 5 s after
// its end, each with the cables between it and the origin along the pauses (switch-internal waits
// cost none). A paused port the pauses from the origin do not reach is kept apart (noise).
#include "sim/lossless_sim.hpp"
#include "sim/storm_scenarios.hpp"

namespace roce::sim {

inline constexpr double kVictimPausedShare = 0.01;

/// Runs `scenario` from 0 to its duration, handing every stretch to `sink` (may be null), and fills
/// scenario.truth's onset, victims and, for a cycle, its origin.
void run_scenario(Scenario& scenario, CounterSink* sink, const SimClock& clock = {});

}  // namespace roce::sim
