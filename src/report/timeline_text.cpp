#include <fmt/format.h>

#include "report/timeline_report.hpp"
#include "util/time_text.hpp"

namespace roce::report {

std::string timeline_time(std::int64_t unix_ms, bool one_day) {
  return util::utc_text(unix_ms, one_day ? util::UtcForm::time_of_day : util::UtcForm::date_time);
}

namespace {

std::string rate_text(double v) {
  if (v >= 1e9) return fmt::format("{:.3g}G", v / 1e9);
  if (v >= 1e6) return fmt::format("{:.3g}M", v / 1e6);
  if (v >= 1e3) return fmt::format("{:.3g}k", v / 1e3);
  return fmt::format("{:.3g}", v);
}

bool ends_with(std::string_view s, std::string_view end) {
  return s.size() >= end.size() && s.substr(s.size() - end.size()) == end;
}

std::string duration_text(std::int64_t ms) {
  const std::int64_t s = ms / 1000;
  if (s < 120) return fmt::format("{} s", s);
  if (s < 7200) return fmt::format("{} min", s / 60);
  return fmt::format("{:.1f} h", static_cast<double>(s) / 3600);
}

}  // namespace

std::string peak_text(const timeline::Peak& peak) {
  // Pause durations count microseconds: per second / 1e6 is the share of time paused.
  if (ends_with(peak.locator, "_pause_us")) return fmt::format("peak {} {:.0f}%", peak.name, peak.per_second / 1e4);
  return fmt::format("peak {} {}/s", peak.name, rate_text(peak.per_second));
}

std::string render_timeline_text(const TimelineReport& report) {
  const auto& r = report.result;
  const bool one_day = r.first_ms / 86'400'000 == r.last_ms / 86'400'000;
  std::string out;
  out += fmt::format("host      {}\n", r.hostname.empty() ? "(unnamed)" : r.hostname);
  if (r.samples == 0)
    out += "span      time unknown (no sample with a clock)\n";  // never 1970-01-01
  else
    out += fmt::format("span      {} – {} UTC ({})\n", timeline_time(r.first_ms, false),
                       timeline_time(r.last_ms, one_day), duration_text(r.last_ms - r.first_ms));
  out += fmt::format("samples   {} from {}\n", r.samples, report.origin);
  out += fmt::format("window    {}, {} evaluated\n", duration_text(r.window_ms), r.windows);
  out += fmt::format("profile   {}\n", report.profile);
  for (const auto& w : r.warnings) out += "warning   " + w + "\n";
  out += "\n";
  if (r.windows == 0) {
    out += "nothing judged: rates need at least two samples\n";
    return out;
  }
  if (r.intervals.empty()) {
    out += "no findings in any window\n";
    return out;
  }
  for (const auto& in : r.intervals) {
    const std::string end = in.ongoing ? "ongoing " : timeline_time(in.end_ms, one_day);
    out += fmt::format("{}–{}  {:<8}  {:<15} {}", timeline_time(in.start_ms, one_day), end, engine::to_string(in.worst),
                       in.id, in.subject.to_string());
    for (const auto& p : in.peaks) out += "  " + peak_text(p);
    out += "\n    " + in.title + "\n";
  }
  return out;
}

}  // namespace roce::report
