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
constexpr std::size_t kSets = 3;

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

// A table compiled once: its rules with the "{n}" slot filled in, and per counter set an index
// from raw name to the rows that read it. A sample then costs one hash lookup per raw counter and
// no string building.
struct CompiledTable {
  struct Row {
    std::string canonical;
    std::string raw;
    Set set;
    bool generic;
  };
  std::vector<Row> rows;  // in table order: earlier rows win
  std::array<std::unordered_map<std::string_view, std::vector<std::uint32_t>>, kSets> rows_reading;
};

CompiledTable compile(std::span<const Rule> rules) {
  CompiledTable t;
  for (const Rule& rule : rules) {
    if (rule.canonical.find(kSlot) == std::string_view::npos) {
      t.rows.push_back({std::string(rule.canonical), std::string(rule.raw), rule.set, rule.generic});
      continue;
    }
    for (int n = 0; n < kSlotCount; ++n)
      t.rows.push_back({fill_slot(rule.canonical, n), fill_slot(rule.raw, n), rule.set, rule.generic});
  }
  // Keys view the rows' strings: `rows` is complete and never changes after this point.
  for (std::uint32_t i = 0; i < t.rows.size(); ++i)
    t.rows_reading[static_cast<std::size_t>(t.rows[i].set)][t.rows[i].raw].push_back(i);
  return t;
}

const CompiledTable& compiled(std::span<const Rule> rules) {
  static const CompiledTable mlx5 = compile(detail::mlx5_rules());
  static const CompiledTable mlxsw = compile(detail::mlxsw_rules());
  static const CompiledTable bnxt = compile(detail::bnxt_rules());
  static const CompiledTable ice = compile(detail::ice_irdma_rules());
  static const CompiledTable ib_pma = compile(detail::ib_pma_rules());
  const Rule* data = rules.data();
  if (data == detail::mlx5_rules().data()) return mlx5;
  if (data == detail::mlxsw_rules().data()) return mlxsw;
  if (data == detail::bnxt_rules().data()) return bnxt;
  if (data == detail::ice_irdma_rules().data()) return ice;
  if (data == detail::ib_pma_rules().data()) return ib_pma;
  static thread_local CompiledTable other;  // a table added without a line above: correct, slower
  other = compile(rules);
  return other;
}

using Sources = std::array<const model::CounterSet*, kSets>;  // indexed by Set

void apply(std::span<const Rule> rules, bool generic_only, const Sources& sources, Canonical& out) {
  const CompiledTable& table = compiled(rules);
  // The value each row reads; the first occurrence of a raw name wins (the driver's order).
  std::vector<const std::uint64_t*> value(table.rows.size(), nullptr);
  for (std::size_t set = 0; set < kSets; ++set) {
    if (!sources[set]) continue;
    const auto& index = table.rows_reading[set];
    for (const auto& [name, v] : sources[set]->entries) {
      auto found = index.find(name);
      if (found == index.end()) continue;
      for (std::uint32_t row : found->second)
        if (!value[row]) value[row] = &v;
    }
  }
  for (std::size_t i = 0; i < table.rows.size(); ++i) {
    const auto& row = table.rows[i];
    if (!value[i] || (generic_only && !row.generic)) continue;
    // Earlier rows win: an existing canonical name is kept (try_emplace does not overwrite).
    out.try_emplace(row.canonical, Metric{*value[i], row.raw, set_name(row.set)});
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

Canonical canonicalize(std::string_view driver, const model::CounterSet* ethtool, const model::CounterSet* hw_counters,
                       const model::CounterSet* ib_counters) {
  Sources sources{};
  sources[static_cast<std::size_t>(Set::ethtool)] = ethtool;
  sources[static_cast<std::size_t>(Set::hw_counters)] = hw_counters;
  sources[static_cast<std::size_t>(Set::ib_counters)] = ib_counters;

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
