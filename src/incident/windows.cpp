// The windows of pausing the second pass reads, and what the sources do not cover of them.
#include "incident/windows.hpp"

#include <algorithm>

#include "util/time_text.hpp"

namespace roce::incident {
namespace {

std::string at(std::int64_t ms) { return util::utc_text(ms, util::UtcForm::date_time); }

bool overlaps(const Interval& a, const Interval& b) { return a.from_ms <= b.to_ms && b.from_ms <= a.to_ms; }

struct Stretch {
  Interval span, active;
};

// Every source's movements widened by the margin, clamped to since/until, joined where they overlap.
std::vector<Stretch> stretches(const std::vector<SourceScan>& scans, const WindowOptions& o) {
  std::vector<Stretch> all;
  for (const auto& s : scans)
    for (const auto& a : s.active) {
      if (a.to_ms < o.since_ms || a.from_ms > o.until_ms) continue;
      const Interval active{std::max(a.from_ms, o.since_ms), std::min(a.to_ms, o.until_ms)};
      const std::int64_t from = active.from_ms > o.since_ms + o.margin_ms ? active.from_ms - o.margin_ms : o.since_ms;
      const std::int64_t to = active.to_ms < o.until_ms - o.margin_ms ? active.to_ms + o.margin_ms : o.until_ms;
      all.push_back({{from, to}, active});
    }
  std::sort(all.begin(), all.end(), [](const Stretch& a, const Stretch& b) { return a.span.from_ms < b.span.from_ms; });
  std::vector<Stretch> joined;
  for (const auto& s : all) {
    if (!joined.empty() && s.span.from_ms <= joined.back().span.to_ms) {
      auto& j = joined.back();
      j.span.to_ms = std::max(j.span.to_ms, s.span.to_ms);
      j.active.from_ms = std::min(j.active.from_ms, s.active.from_ms);
      j.active.to_ms = std::max(j.active.to_ms, s.active.to_ms);
    } else {
      joined.push_back(s);
    }
  }
  return joined;
}

std::size_t estimate(const std::vector<SourceScan>& scans, const Window& w) {
  std::size_t n = 0;
  for (std::size_t i : w.sources) {
    const std::int64_t step = std::max<std::int64_t>(scans[i].interval_ms, 100);
    n += scans[i].ports * static_cast<std::size_t>((w.span.to_ms - w.span.from_ms) / step + 2);
  }
  return n;
}

// What the sources do not cover of a window's pausing: a source that ends before it ended or starts
// after it began, a stretch without samples inside it. At most `kMost` lines, then a count.
void coverage_notes(const std::vector<SourceScan>& scans, const Window& w, std::vector<std::string>& notes) {
  constexpr std::size_t kMost = 20;
  std::size_t said = 0, more = 0;
  const auto say = [&](std::string line) {
    if (said++ < kMost)
      notes.push_back(std::move(line));
    else
      ++more;
  };
  const std::string pausing = "the pausing of " + at(w.active.from_ms) + " to " + at(w.active.to_ms);
  for (const auto& s : scans) {
    if (s.samples < 2) continue;  // a capture of one sample is a snapshot, not a series that stops
    if (s.last_ms < w.active.to_ms && s.last_ms >= w.span.from_ms - 3'600'000)
      say(s.name + ": its samples end at " + at(s.last_ms) + ", before " + pausing +
          " ended: what it did after is not seen");
    if (s.first_ms > w.active.from_ms && s.first_ms <= w.span.to_ms + 3'600'000)
      say(s.name + ": its samples begin at " + at(s.first_ms) + ", after " + pausing +
          " began: what it did before is not seen");
    for (const auto& g : s.gaps)
      if (overlaps(g, w.active))
        say(s.name + ": no sample from " + at(g.from_ms) + " to " + at(g.to_ms) + ", within " + pausing);
  }
  if (more > 0) notes.push_back("and " + std::to_string(more) + " more such notes on " + pausing);
}

}  // namespace

void add_interval(std::vector<Interval>& intervals, Interval add, std::int64_t join_ms) {
  if (!intervals.empty() && add.from_ms <= intervals.back().to_ms + join_ms) {
    auto& last = intervals.back();
    last.from_ms = std::min(last.from_ms, add.from_ms);
    last.to_ms = std::max(last.to_ms, add.to_ms);
    return;
  }
  intervals.push_back(add);
}

WindowPlan plan_windows(const std::vector<SourceScan>& scans, const WindowOptions& options) {
  WindowPlan plan;
  const std::int64_t most = std::max<std::int64_t>(options.max_window_ms, 1000);
  std::size_t used = 0;
  bool over = false;
  for (const Stretch& s : stretches(scans, options)) {
    const std::int64_t length = s.span.to_ms - s.span.from_ms;
    if (length > most)
      plan.notes.push_back("pausing from " + at(s.active.from_ms) + " to " + at(s.active.to_ms) + " is read in " +
                           std::to_string((length + most - 1) / most) + " windows of at most " +
                           std::to_string(most / 60'000) + " min: a storm across a cut is seen as two");
    for (std::int64_t from = s.span.from_ms; from <= s.span.to_ms; from += most + 1) {
      Window w;
      w.span = {from, std::min(s.span.to_ms, from + most)};
      w.active = {std::max(s.active.from_ms, w.span.from_ms), std::min(s.active.to_ms, w.span.to_ms)};
      for (std::size_t i = 0; i < scans.size(); ++i)
        for (const auto& a : scans[i].active)
          if (overlaps({a.from_ms - options.margin_ms, a.to_ms + options.margin_ms}, w.span)) {
            w.sources.push_back(i);
            break;
          }
      const std::size_t cost = estimate(scans, w);
      if (over || (!plan.windows.empty() && used + cost > options.budget_port_samples)) {
        over = true;
        plan.notes.push_back("pausing from " + at(w.active.from_ms) + " to " + at(w.active.to_ms) +
                             " is not analysed: the windows before it fill the memory budget (" +
                             std::to_string(options.budget_port_samples) +
                             " port-samples); give --since and --until around it");
        continue;
      }
      used += cost;
      coverage_notes(scans, w, plan.notes);
      plan.windows.push_back(std::move(w));
    }
  }
  return plan;
}

void windows_near(const std::vector<Window>& windows, std::int64_t t_ms, std::int64_t pad_ms,
                  std::vector<std::size_t>& out) {
  out.clear();
  auto it = std::upper_bound(windows.begin(), windows.end(), t_ms + pad_ms,
                             [](std::int64_t t, const Window& w) { return t < w.span.from_ms; });
  while (it != windows.begin()) {
    --it;
    if (it->span.to_ms + pad_ms < t_ms) break;
    out.push_back(static_cast<std::size_t>(it - windows.begin()));
  }
}

}  // namespace roce::incident
