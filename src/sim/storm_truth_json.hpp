#pragma once
// A scenario's truth as a small JSON file beside its recordings and snapshots: what caused the
// storm, the origin port, when (true Unix milliseconds: the simulation's clock, no node's skew),
// the victims with their hops, a cycle's ports, and the fabric and clocks it was drawn with.
//   {"scenario": "incast-17", "seed": 17, "cause": "incast", "priority": 3,
//    "origin": {"node": "leaf02", "port": "Ethernet12", "switch": true},
//    "start_unix_ms": ..., "end_unix_ms": ..., "onset_unix_ms": ...,
//    "victims": [{"node": ..., "port": ..., "switch": ..., "first_paused_unix_ms": ..., "hops": 2,
//                 "paused_share": 0.41}],
//    "cycle": [...], "unrelated_paused": [...], "sample_interval_ms": 1000, "duration_s": 90,
//    "fabric": {"hosts": 16, "leaves": 4, "spines": 2, "link_gbps": 100},
//    "clocks": [{"node": "gpu001", "skew_ms": -37.2, "phase_ms": 512.0}, ...]}
// "origin" is null for a quiet fabric.
#include <string>

#include "sim/storm_scenarios.hpp"

namespace roce::sim {

std::string truth_json(const Scenario& scenario);

}  // namespace roce::sim
