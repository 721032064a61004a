#pragma once
// zstd frames for `collect -o FILE.zst`.
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace roce::captures {

std::string zstd_compress(std::string_view data);
// Decompresses every frame in `data`; a truncated or damaged frame is an error.
Expected<std::string> zstd_decompress(std::string_view data);

}  // namespace roce::captures
