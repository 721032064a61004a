#pragma once
// (c) Serial bisection, as NVIDIA's Cluster Readiness Engine isolates a bad node: one run over the
// suspect hosts (a ring, every host sending to the next on every rail at once; slow when any of its
// tests is low, as a collective runs at its slowest link); when it is slow, halve the suspects and
// run the first half: slow, keep it; clean, keep the other half, untested ("at most log2 N
// additional runs"); one host left: run it against a host of a clean run and name the NIC ports of
// the rails that ran slow. A slow run is repeated until the NIC ports slow in every run so far stay
// the same (at most four runs), and counts as slow only on those: a busy host's transient does not
// send the halving astray. Then the same again
// without that host, until the run over all is clean, an isolation names nothing, or five
// isolations. Each run is one round: they run one after the other.
#include "method.hpp"
#include "sim/fabric_sim.hpp"

namespace roce::bench {

MethodRun run_bisection(const sim::FabricSim& sim);

}  // namespace roce::bench
