#pragma once
// Builds one frame: samples grouped in blocks (a block starts where the configuration or the
// counter names change), counters column-major as zigzag-varint deltas, zstd-compressed, framed.
#include <cstdint>
#include <string>
#include <vector>

#include "record/frame_summary.hpp"
#include "record/host_counters.hpp"

namespace roce::record {

struct PendingBlock {
  bool has_config = false, has_names = false;
  std::string config_text;  // captures::write_host_text of the configuration
  CounterNames names;
  std::vector<std::uint64_t> base;  // the values the first sample's deltas are from
  std::int64_t base_time_ms = 0, base_mono_ns = 0;
  std::vector<std::int64_t> time_ms, mono_ns;    // per sample
  std::vector<std::vector<std::uint64_t>> rows;  // per sample, every counter
};

// The bytes of a frame (header, summary, compressed payload) for `blocks`.
std::string encode_frame(const std::vector<PendingBlock>& blocks, const FrameSummary& summary, int zstd_level);

}  // namespace roce::record
