#pragma once
// Reads a recording's bytes frame by frame and hands out each sample (the pure decoder behind
// read_recording, for_each_sample and the writer's recovery of a torn tail).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/host.hpp"
#include "record/frame_summary.hpp"
#include "util/expected.hpp"

namespace roce::record {

struct ScanResult {
  std::uint32_t version = 0;  // of the file's format
  std::vector<std::string> warnings;
  std::uint64_t good_end = 0;  // bytes up to the end of the last good frame (the header's end at least)
  bool torn_header = false;    // the file is a strict prefix of the header
  std::uint64_t samples = 0;
  std::int64_t first_time_ms = 0;
  std::optional<model::Host> last;  // the last sample handed to the sink, if no frame was passed over after it
  std::uint64_t passed_frames = 0;  // passed over (FrameSkip); their samples count in `samples`
  // Frames damaged before the tail (each said in `warnings`), and the samples of the valid frames
  // skipped after them until a frame that starts fresh (their deltas follow the damaged frame).
  std::uint64_t damaged_frames = 0;
  std::uint64_t lost_samples = 0;
};

/// Told, as the scan moves on, that it is done with the bytes before an offset (it never reads them
/// again): a reader that maps the whole file drops those pages from its memory.
using ScanProgress = std::function<void(std::uint64_t done_before)>;

// `sink` returning false stops the scan (good_end is then where it stopped).
Expected<ScanResult> scan_recording(std::string_view bytes, std::string_view name,
                                    const std::function<bool(const model::Host&)>& sink,
                                    const ScanProgress& progress = {}, const FrameSkip* skip = nullptr);

}  // namespace roce::record
