#pragma once
// CRC-32 (IEEE 802.3, reflected, as zlib computes it), for the frame checksums.
#include <cstdint>
#include <string_view>

namespace roce::record {

std::uint32_t crc32(std::string_view bytes);

}  // namespace roce::record
