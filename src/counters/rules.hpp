#pragma once
// Internal to roce_counters: the per-driver data tables that canonical.cpp applies.
#include <span>
#include <string_view>

namespace roce::counters::detail {

enum class Set { ethtool, hw_counters, ib_counters };

// `raw` in `set` is seen as `canonical`. A "{n}" in both names is expanded for n = 0..7 (a priority
// or a lane), so one row covers all eight. Within a table, earlier rows win: list the current name
// first and older spellings (version aliases) after it.
struct Rule {
  std::string_view canonical;
  std::string_view raw;
  Set set = Set::ethtool;
  // false: the raw name is too common to trust on a driver we do not know (bnxt's "rx_bytes" is the
  // MAC's byte count; other drivers use the same word for software counters).
  bool generic = true;
};

std::span<const Rule> mlx5_rules();       // mlx5_core ethtool + mlx5_ib hw_counters
std::span<const Rule> mlxsw_rules();      // mlxsw_spectrum* ethtool
std::span<const Rule> bnxt_rules();       // bnxt_en ethtool + bnxt_re hw_counters
std::span<const Rule> ice_irdma_rules();  // ice ethtool + irdma hw_counters
std::span<const Rule> ib_pma_rules();     // IB PMA counters/ (core sysfs, every driver)

}  // namespace roce::counters::detail
