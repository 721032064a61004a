// Storms as text.
#include "storm/render_text.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "storm/verdict.hpp"
#include "util/time_text.hpp"

namespace roce::storm {
namespace {

std::string clock(std::int64_t ms) { return util::utc_text(ms, util::UtcForm::time_of_day); }

std::string role(const Reached& r) {
  if (r.hops == 0) return "origin";
  if (r.victim) return "victim";
  if (r.pausing && r.paused) return "paused, pausing";
  return r.pausing ? "pausing" : "paused";
}

std::string priority_text(const Storm& s) {
  return s.priority >= 0 ? "priority " + std::to_string(s.priority) : "802.3x global pause";
}

void section(std::string& out, const char* title, const std::vector<std::string>& lines) {
  if (lines.empty()) return;
  out += fmt::format("  {}:\n", title);
  for (const auto& l : lines) out += "    " + l + "\n";
}

}  // namespace

std::string render_text(const Analysis& a) {
  std::string out;
  for (std::size_t i = 0; i < a.storms.size(); ++i) {
    const Storm& s = a.storms[i];
    std::string origin;
    for (const auto& o : s.origin) origin += (origin.empty() ? "" : ", ") + o.text();
    out += fmt::format("storm {}: {} on {}, origin {}\n", i + 1, to_string(s.cause), priority_text(s), origin);
    out += fmt::format("  {} to {} UTC ({})\n", util::utc_text(s.start_ms, util::UtcForm::date_time), clock(s.end_ms),
                       util::seconds_text(static_cast<double>(s.end_ms - s.start_ms) / 1000.0));
    std::size_t width = 4;
    for (const auto& r : s.reached) width = std::max(width, r.port.text().size());
    out +=
        fmt::format("  {:>4}  {:<{}}  {:<8}  {:<8}  {:>5}  {}\n", "hops", "port", width, "from", "to", "peak", "role");
    for (const auto& r : s.reached)
      out += fmt::format("  {:>4}  {:<{}}  {:<8}  {:<8}  {:>4.0f}%  {}\n", r.hops, r.port.text(), width,
                         clock(r.first_ms), clock(r.last_ms), 100 * r.peak_share, role(r));
    const auto victims = std::count_if(s.reached.begin(), s.reached.end(), [](const Reached& r) { return r.victim; });
    out += fmt::format("  {} ports reached, {} of them victims (paused, with no congestion of their own)\n",
                       s.reached.size(), victims);
    section(out, "evidence", s.evidence);
    section(out, "fix", s.fixes);
    section(out, "not seen", s.unseen);
    out += "\n";
  }
  if (!a.notes.empty()) {
    out += "notes:\n";
    for (const auto& n : a.notes) out += "  " + n + "\n";
    out += "\n";
  }
  const int code = exit_code_of(a);
  if (a.storms.empty())
    out += fmt::format("no pause storm: {} ports read, {} cables\n", a.ports, a.cables);
  else
    out += fmt::format("{} pause storm{} ({}): {} ports read, {} cables\n", a.storms.size(),
                       a.storms.size() == 1 ? "" : "s", code == 2 ? "critical" : "warning", a.ports, a.cables);
  return out;
}

}  // namespace roce::storm
