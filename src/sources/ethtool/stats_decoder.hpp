#pragma once
// Pure decoder of the ETH_SS_STATS string set and ETHTOOL_GSTATS values (formats.md §1.1).
#include <cstddef>
#include <cstdint>
#include <span>

#include "model/counters.hpp"
#include "util/expected.hpp"

namespace roce::sources::ethtool {

constexpr std::size_t kStringLen = 32;  // ETH_GSTRING_LEN

// `strings_blob` holds n names of 32 bytes each, NUL-padded, possibly unterminated at 32 bytes;
// `values` holds n u64 in the same order. Fails (never reads past either buffer) when either
// is shorter than n entries.
Expected<model::CounterSet> decode_stats(std::span<const std::uint8_t> strings_blob, std::size_t n,
                                         std::span<const std::uint64_t> values);

}  // namespace roce::sources::ethtool
