#include "sources/ethtool/stats_decoder.hpp"

#include <cstring>
#include <string>

namespace roce::sources::ethtool {

Expected<model::CounterSet> decode_stats(std::span<const std::uint8_t> strings_blob, std::size_t n,
                                         std::span<const std::uint64_t> values) {
  if (strings_blob.size() / kStringLen < n)
    return fail("ETH_SS_STATS strings: " + std::to_string(strings_blob.size()) + " bytes hold fewer than " +
                std::to_string(n) + " names of " + std::to_string(kStringLen) + " bytes");
  if (values.size() < n)
    return fail("ETHTOOL_GSTATS: " + std::to_string(values.size()) + " values for " + std::to_string(n) + " names");
  model::CounterSet set;
  set.entries.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const auto* name = reinterpret_cast<const char*>(strings_blob.data() + i * kStringLen);
    set.entries.emplace_back(std::string(name, strnlen(name, kStringLen)), values[i]);
  }
  return set;
}

}  // namespace roce::sources::ethtool
