#pragma once
// What a sweep's results say about each NIC (host rail): its tests sending and receiving, low or
// not, its loopback, and so which of its components the results clear. An OK result clears every
// component on its path: a degraded part cannot carry line rate, whatever the noise. A NIC port, a
// PCIe link and a switch port slow both directions; an optic or a fibre one direction only; a
// loopback crosses only the PCIe link (the NIC turns it round before its port).
#include <cstdint>
#include <optional>
#include <vector>

#include "fabric/fabric.hpp"
#include "sweep/observation.hpp"

namespace roce::sweep {

enum Way : int { kOut = 0, kIn = 1 };  // the NIC sends / receives in the test

struct RailFacts {
  std::vector<std::uint32_t> ok[2], low[2];  // observation indices, by Way
  std::vector<std::uint32_t> loop_ok, loop_low;
  std::vector<fabric::HostRail> partners;  // every NIC it was tested with
  /// A part that slows both directions (NIC port, switch port) is ruled out by any OK pair test.
  bool both_ways_clear() const { return !ok[kOut].empty() || !ok[kIn].empty(); }
  bool pcie_clear() const { return both_ways_clear() || !loop_ok.empty(); }
  /// Nothing of this NIC can explain a low result that crossed it this way.
  bool clear(Way way) const { return !ok[way].empty(); }
};

struct Facts {
  fabric::HostRails rails;
  std::vector<RailFacts> by_rail;  // by HostRail
  std::vector<bool> low;           // by observation: low, failed or timed out
  std::vector<bool> used;          // by observation: judged (measured, failed or timed out; in the fabric)
  double typical = 0.96;           // the median share of line rate the OK results reached
  /// The share of line rate an observation reached; 0 for a failed one.
  std::vector<double> share;
};

Facts gather_facts(const fabric::Fabric& fabric, const std::vector<Observation>& observations, double low_ratio);

/// The leaf of a host rail; -1 when not known.
int leaf_of(const fabric::Fabric& fabric, const fabric::HostRails& rails, fabric::HostRail hr);

}  // namespace roce::sweep
