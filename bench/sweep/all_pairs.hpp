#pragma once
// (b) All pairs, as NVIDIA ClusterKit runs them: every host with every other, rail-aligned, in N-1
// rounds (the circle method: each round pairs every host once), one direction per pair, read by
// eye: a host rail whose tests are mostly low, as sender or as receiver (a row or a column of the
// matrix mostly red), is blamed, and a person names its NIC port.
#include "method.hpp"
#include "sim/fabric_sim.hpp"

namespace roce::bench {

MethodRun run_all_pairs(const sim::FabricSim& sim);

}  // namespace roce::bench
