#pragma once
// The faults of each class as issue 29 describes them (a NIC at half rate, a host on PCIe Gen4 x8,
// a dirty optic, a bad leaf port, a degraded spine link), and random draws of them for a benchmark.
#include <cstdint>
#include <vector>

#include "fabric/fabric.hpp"
#include "sim/fabric_draws.hpp"
#include "sim/fabric_sim.hpp"

namespace roce::sim {

/// A fault of `component`'s class with the class's typical figures: nic 0.5 of line, steady; pcie
/// 0.28 (x8 Gen4 under a 400G NIC), steady; cable 0.45 of the fibre toward the host, lossy;
/// leaf_port 0.5, lossy; spine_link 0.45, lossy.
Fault typical_fault(fabric::Component component);

/// A fault of `component`'s class with its figures drawn: nic 0.5, pcie 0.26-0.30, cable 0.2-0.7
/// on one fibre (either), leaf_port 0.3-0.7, spine_link 0.3-0.6.
Fault drawn_fault(fabric::Component component, Draws& draws);

/// `k` faults at distinct components, each of a class drawn uniformly among the classes the fabric
/// has (no spine link without uplinks), at a component of that class drawn uniformly.
std::vector<Fault> draw_faults(const fabric::Fabric& fabric, int k, Draws& draws);

}  // namespace roce::sim
