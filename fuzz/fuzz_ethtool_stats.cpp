// libFuzzer target: decode_stats over arbitrary string blobs and value arrays.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "sources/ethtool/stats_decoder.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  // First byte: claimed count; second: how many values follow the names; the rest: the blob.
  const std::size_t n = data[0];
  std::vector<std::uint64_t> values(data[1], 0);
  const std::size_t blob_size = size - 2;
  for (std::size_t i = 0; i < values.size() && i * 8 + 8 <= blob_size; ++i)
    std::memcpy(&values[i], data + 2 + i * 8, 8);
  auto set = roce::sources::ethtool::decode_stats({data + 2, blob_size}, n, values);
  if (set.ok() && set->entries.size() != n) __builtin_trap();
  return 0;
}
