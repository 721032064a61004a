#pragma once
// The parts of one host's rotated recording, oldest first.
#include <cstdint>
#include <string>
#include <vector>

#include "util/expected.hpp"

namespace roce::record {

struct RecordingPart {
  std::string path;
  std::int64_t first_ms = 0;  // wall clock of its first sample
  std::string hostname;       // of its first sample
};

/// The recordings in time order of their first samples (rotation names them newest first), all of
/// one host; an empty part (or one with a torn header) is left out. Reads only each part's first
/// sample. A part of another host is an error naming it.
Expected<std::vector<RecordingPart>> recording_parts(const std::vector<std::string>& paths);

}  // namespace roce::record
