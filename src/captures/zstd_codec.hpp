#pragma once
// zstd frames for `collect -o FILE.zst`.
#include <cstddef>
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace roce::captures {

std::string zstd_compress(std::string_view data);
// Decompresses every frame in `data`; a truncated or damaged frame is an error, and so is output
// of more than `max_bytes` (0: util::input_limits().input_bytes, with how to raise it), found while
// decompressing: a small bomb never takes more memory than the limit.
Expected<std::string> zstd_decompress(std::string_view data, std::size_t max_bytes = 0);

}  // namespace roce::captures
