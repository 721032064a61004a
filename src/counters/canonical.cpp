// Applies the per-driver tables (mlx5.cpp, mlxsw.cpp, bnxt.cpp, ice_irdma.cpp, ib_pma.cpp).
#include "counters/canonical.hpp"

#include <array>
#include <unordered_map>
#include <vector>

#include "counters/rules.hpp"

namespace roce::counters {
namespace {

using detail::Rule;
using detail::Set;

constexpr std::string_view kSlot = "{n}";
constexpr int kSlotCount = 8;  // priorities 0..7, lanes 0..7

// Raw name -> value, first occurrence wins (the driver's order).
using Index = std::unordered_map<std::string_view, std::uint64_t>;

Index index_of(const model::CounterSet* set) {
  Index index;
  if (set)
    for (const auto& [name, value] : set->entries) index.emplace(name, value);
  return index;
}

const char* set_name(Set set) {
  switch (set) {
    case Set::ethtool: return "ethtool";
    case Set::hw_counters: return "hw_counters";
    case Set::ib_counters: return "counters";
  }
  return "?";
}

std::string fill_slot(std::string_view pattern, int n) {
  std::string out(pattern);
  if (auto at = out.find(kSlot); at != std::string::npos) out.replace(at, kSlot.size(), std::to_string(n));
  return out;
}

struct Sources {
  std::array<Index, 3> by_set;  // indexed by Set
  const Index& operator[](Set set) const { return by_set[static_cast<std::size_t>(set)]; }
};

void take(const Sources& sources, Set set, std::string canonical, std::string raw, Canonical& out) {
  const Index& index = sources[set];
  auto found = index.find(raw);
  if (found == index.end() || out.contains(canonical)) return;
  out.emplace(std::move(canonical), Metric{found->second, std::move(raw), set_name(set)});
}

void apply(std::span<const Rule> rules, bool generic_only, const Sources& sources, Canonical& out) {
  for (const Rule& rule : rules) {
    if (generic_only && !rule.generic) continue;
    if (rule.canonical.find(kSlot) == std::string_view::npos) {
      take(sources, rule.set, std::string(rule.canonical), std::string(rule.raw), out);
      continue;
    }
    for (int n = 0; n < kSlotCount; ++n)
      take(sources, rule.set, fill_slot(rule.canonical, n), fill_slot(rule.raw, n), out);
  }
}

// The driver's table, or every table's generic rules for a driver we do not know.
std::vector<std::span<const Rule>> tables_for(std::string_view driver, bool& generic_only) {
  generic_only = false;
  // Switchdev representors (the uplink carries the port counters) report "mlx5e_rep".
  if (driver == "mlx5_core" || driver == "mlx5e_rep") return {detail::mlx5_rules()};
  if (driver.starts_with("mlxsw_spectrum")) return {detail::mlxsw_rules()};
  if (driver == "bnxt_en") return {detail::bnxt_rules()};
  if (driver == "ice") return {detail::ice_irdma_rules()};
  generic_only = true;
  return {detail::mlx5_rules(), detail::mlxsw_rules(), detail::bnxt_rules(), detail::ice_irdma_rules()};
}

}  // namespace

std::string prio_name(int prio, std::string_view what) {
  return "prio[" + std::to_string(prio) + "]." + std::string(what);
}

std::string lane_name(int lane) { return "phy.lane[" + std::to_string(lane) + "].errors"; }

Canonical canonicalize(std::string_view driver, const model::CounterSet* ethtool,
                       const model::CounterSet* hw_counters, const model::CounterSet* ib_counters) {
  Sources sources;
  sources.by_set[static_cast<std::size_t>(Set::ethtool)] = index_of(ethtool);
  sources.by_set[static_cast<std::size_t>(Set::hw_counters)] = index_of(hw_counters);
  sources.by_set[static_cast<std::size_t>(Set::ib_counters)] = index_of(ib_counters);

  Canonical out;
  bool generic_only = false;
  for (auto table : tables_for(driver, generic_only)) apply(table, generic_only, sources, out);
  apply(detail::ib_pma_rules(), false, sources, out);
  return out;
}

Canonical canonicalize(const model::NetDev* netdev, const model::RdmaPort* port) {
  std::string_view driver;
  const model::CounterSet* ethtool = nullptr;
  const model::CounterSet* hw_counters = nullptr;
  const model::CounterSet* ib_counters = nullptr;
  if (netdev) {
    if (netdev->driver.ok()) driver = netdev->driver->driver;
    if (netdev->ethtool_stats.ok()) ethtool = &*netdev->ethtool_stats;
  }
  if (port) {
    if (port->hw_counters.ok()) hw_counters = &*port->hw_counters;
    if (port->counters.ok()) ib_counters = &*port->counters;
  }
  return canonicalize(driver, ethtool, hw_counters, ib_counters);
}

}  // namespace roce::counters
