#pragma once
// The smallest set of degraded places that explains the low results: a place is one NIC (with
// its PCIe link, cable and switch port) or the spine links of one leaf. Each low result must cross
// a place its OK results do not clear. NICs are taken greedily, the one explaining the most low
// results first; a NIC that explains a single result is only a candidate: one low result is also
// what a busy host or a transient gives, so it needs a second test before it is blamed. A leaf's
// spine links carry about one flow in (its spines) across it, and every test now and then is low
// for no fault at all, so a leaf is blamed only when its low results stand far above that noise
// (a binomial tail below 1% over the leaves), and is a candidate when they stand a little above.
#include <cstdint>
#include <vector>

#include "fabric/fabric.hpp"
#include "sweep/observation.hpp"
#include "sweep/rail_facts.hpp"

namespace roce::sweep {

struct Place {
  enum class Kind : std::uint8_t { host_rail, leaf } kind = Kind::host_rail;
  std::uint32_t index = 0;  // HostRail, or leaf index
  bool operator==(const Place&) const = default;
};

struct Explained {
  Place place;
  std::vector<std::uint32_t> tests;  // observation indices it explains
  std::vector<Place> rivals;         // explain every one of those tests too
};

struct Explanation {
  std::vector<Explained> chosen;      // explain two or more low results each
  std::vector<Explained> candidates;  // explain one, shared or not
  std::vector<std::uint32_t> unexplained;
};

/// The places that may explain low observation `i` (none when every one is cleared).
std::vector<Place> explainers(const fabric::Fabric& fabric, const Facts& facts, const Observation& o);

Explanation explain(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Observation>& observations);

}  // namespace roce::sweep
