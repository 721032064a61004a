#pragma once
// Splits a Host sample into its configuration (the Host with every monotonic counter zeroed and
// every counter set emptied) and its counters (one flat vector of values, plus the names of each
// counter set), and puts them back together. Writer and reader walk the Host the same way, so the
// configuration alone fixes where each value goes.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"

namespace roce::record {

// The names of each present counter set (ethtool_stats, PMA counters, hw_counters) in walk order.
using CounterNames = std::vector<std::vector<std::string>>;

struct SplitSample {
  model::Host config;  // counters zeroed, counter sets empty, time fields 0
  CounterNames names;
  std::vector<std::uint64_t> values;  // every counter, in walk order
};

SplitSample split_sample(const model::Host& host);

// Where each counter of a configuration goes: built once per configuration/names change, then
// set_values() per sample touches only the counters.
class CounterSlots {
 public:
  // Fills `host`'s counter sets with `names` (values 0) and records where every value lives.
  // Fails when `names` does not have one list per counter set of `host`.
  static bool bind(model::Host& host, const CounterNames& names, CounterSlots& out, std::string& why);
  std::size_t size() const { return slots_.size(); }
  // The walk-order positions of the values at `addresses` (inside the bound Host), ascending;
  // nullopt when one of them is not a counter of this binding.
  std::optional<std::vector<std::size_t>> positions_of(const std::vector<const void*>& addresses) const;
  void set_values(const std::uint64_t* values) const {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      if (slots_[i].wide)
        *static_cast<std::uint64_t*>(slots_[i].at) = values[i];
      else
        *static_cast<std::uint32_t*>(slots_[i].at) = static_cast<std::uint32_t>(values[i]);
    }
  }

 private:
  struct Slot {
    void* at;
    bool wide;
  };
  std::vector<Slot> slots_;
};

}  // namespace roce::record
