#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roce::model {

// Raw counters exactly as the driver names them, in the driver's order (ethtool -S, sysfs
// hw_counters, IB PMA counters). Names are re-read on every sample: the set changes at run time
// (mlx5 adds per-priority pause counters when PFC is enabled).
struct CounterSet {
  std::vector<std::pair<std::string, std::uint64_t>> entries;

  std::optional<std::uint64_t> get(std::string_view name) const {
    for (const auto& [n, v] : entries)
      if (n == name) return v;
    return std::nullopt;
  }
  bool operator==(const CounterSet&) const = default;
};

}  // namespace roce::model
