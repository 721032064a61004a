#pragma once
// A frame's summary (format 2): what a reader needs to pass over a frame without decompressing it.
// Its samples' count and times, whether it starts fresh, whether its layout (configuration and
// counter names) is the frame before it's, and then which counters moved: in walk order, the
// runs of counters whose value never changed in the frame (from the last sample before it) and
// of those that did, alternating, starting with a run that did not move (possibly empty).
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "model/host.hpp"
#include "util/expected.hpp"

namespace roce::record {

struct FrameSummary {
  std::uint64_t samples = 0;
  std::int64_t first_ms = 0, last_ms = 0;
  std::uint64_t longest_step_ms = 0;  // between two samples of the frame, when times_increase
  bool starts_fresh = false;
  bool times_increase = true;  // each sample's time is after the one before it in the frame
  bool same_layout = false;    // the layout of the frame before it, throughout; only then:
  std::uint64_t counters = 0;
  std::vector<std::uint64_t> moved_runs;
};

// Lets a scan pass over the frames whose watched counters did not move, reading only their
// summaries (format 2): a day of quiet frames costs their headers, not their decompression.
struct FrameSkip {
  // The counters whose movement matters, as addresses of values in the Host the sink is handed
  // (asked again whenever the layout changes). Empty: no frame is passed over.
  std::function<std::vector<const void*>(const model::Host&)> watch;
  // Frames with a longer step between two of their samples are read (the consumer sees gaps).
  std::uint64_t longest_step_ms = 0;
  // A frame passed over: its samples count and times; the sink sees none of them. False stops.
  std::function<bool(const FrameSummary&)> passed;
};

std::string encode_summary(const FrameSummary& summary);
Expected<FrameSummary> decode_summary(std::string_view bytes);

/// Runs from per-counter flags (non-zero: moved).
std::vector<std::uint64_t> moved_runs_of(const std::vector<std::uint8_t>& moved);

/// Whether a counter of `indices` (ascending walk-order positions) moved in the frame.
bool any_moved(const FrameSummary& summary, const std::vector<std::size_t>& indices);

}  // namespace roce::record
