#pragma once
// The views of `roce-doctor report`: a text timeline, JSON, and one self-contained HTML file
// (inline CSS and SVG, no script). Every string from the capture is escaped in the HTML.
#include <string>

#include "timeline/timeline.hpp"

namespace roce::report {

struct TimelineReport {
  std::string origin;   // "bundle day.json (120 samples)", "2 captures"
  std::string profile;  // "roce-lossless (built-in)"
  timeline::Result result;
};

std::string render_timeline_text(const TimelineReport& report);
std::string render_timeline_json(const TimelineReport& report);
std::string render_timeline_html(const TimelineReport& report);

/// A sample's time as the timeline views write it (UTC): "22:01:10" when the report spans one
/// day (`one_day`), else "2026-11-29 22:01:10".
std::string timeline_time(std::int64_t unix_ms, bool one_day);
// "peak pause 42%" for pause durations, "peak rx_prio3_discards 1.2k/s" for other rates.
std::string peak_text(const timeline::Peak& peak);

}  // namespace roce::report
