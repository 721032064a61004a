#pragma once
// --since/--until of `report`: a point in time, absolute or a time of day.
#include <cstdint>
#include <string>

#include "util/expected.hpp"

namespace roce::timeline {

/// "2026-11-29T22:01:10Z" (or a space for T, seconds and Z optional; always UTC), "@1764453670"
/// (Unix seconds), or "22:01[:10]": that time on the UTC day of the first sample.
struct TimeSpec {
  std::int64_t unix_ms = 0;  // absolute, or milliseconds into the day when time_of_day
  bool time_of_day = false;
  /// The Unix time in milliseconds, a time of day taken on the UTC day of `first_sample_ms`.
  std::int64_t resolve(std::int64_t first_sample_ms) const;
};
Expected<TimeSpec> parse_time_spec(const std::string& text);

}  // namespace roce::timeline
