// libFuzzer target: arbitrary counter names (any bytes, NUL and spaces included) and values through
// every driver table. Input: first byte picks the driver, then records "name\0" + 8 value bytes.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

#include "counters/canonical.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const char* const kDrivers[] = {"mlx5_core", "mlxsw_spectrum2", "bnxt_en", "ice", "unknown"};
  if (size == 0) return 0;
  const char* driver = kDrivers[data[0] % 5];
  roce::model::CounterSet sets[3];
  size_t at = 1;
  for (int record = 0; at < size; ++record) {
    const void* nul = std::memchr(data + at, 0, size - at);
    size_t name_len = nul ? static_cast<const uint8_t*>(nul) - (data + at) : size - at;
    std::string name(reinterpret_cast<const char*>(data + at), name_len);
    at += name_len + 1;
    std::uint64_t value = 0;
    if (at < size) std::memcpy(&value, data + at, std::min<size_t>(8, size - at));
    at += 8;
    sets[record % 3].entries.emplace_back(std::move(name), value);
  }
  auto c = roce::counters::canonicalize(driver, &sets[0], &sets[1], &sets[2]);
  // No table has an empty name, so nothing may map to or from one.
  for (const auto& [canonical, metric] : c)
    if (canonical.empty() || metric.raw_name.empty()) __builtin_trap();
  return 0;
}
