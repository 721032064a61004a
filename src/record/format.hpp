#pragma once
// Constants of the recording byte layout (man/roce-doctor-recording.5).
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace roce::record {

// File header: 8 bytes of magic, u32 LE format version, u32 LE reserved (0). Version 2 frames begin
// their payload with a summary (record/frame_summary.hpp); version 1 files are still read.
inline constexpr std::string_view kFileMagic{"\x89RDREC\r\n", 8};
inline constexpr std::uint32_t kFormatVersion = 2;
inline constexpr std::uint32_t kOldestFormatVersion = 1;
inline constexpr std::size_t kFileHeaderSize = 16;

// Frame header: 4 bytes of magic, u32 LE payload length, u32 LE CRC-32 of the payload, u32 LE CRC-32
// of the header's first 12 bytes. The payload is one zstd frame; in version 2 it is preceded by u32 LE
// summary length, the summary, u32 LE CRC-32 of the summary (readable without the rest).
inline constexpr std::string_view kFrameMagic{"RFRM", 4};
inline constexpr std::size_t kFrameHeaderSize = 16;
inline constexpr std::uint32_t kMaxFramePayload = 64u << 20;    // compressed
inline constexpr std::uint32_t kMaxSummary = 1u << 20;
inline constexpr std::uint64_t kMaxFrameContent = 32ull << 20;  // decompressed (a frame is ~10 samples)
// Bounds that keep a hostile frame from asking for unbounded memory while decoding.
inline constexpr std::uint64_t kMaxCounterName = 256;        // bytes of one counter name
inline constexpr std::uint64_t kMaxNameBytes = 16ull << 20;  // all counter names of one frame
inline constexpr std::uint64_t kMaxBlockSamples = 1u << 16;  // samples in one block

// Payload flags (first byte of the decompressed payload).
inline constexpr std::uint8_t kFrameStartsFresh = 1;  // forget the configuration and counter names so far
// Block flags.
inline constexpr std::uint8_t kBlockHasConfig = 1;
inline constexpr std::uint8_t kBlockHasNames = 2;

}  // namespace roce::record
