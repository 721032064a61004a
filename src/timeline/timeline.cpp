#include "timeline/timeline.hpp"

#include <algorithm>
#include <tuple>

#include "engine/context.hpp"

namespace roce::timeline {
namespace {

std::vector<int> lossless_priorities(const profile::Profile& p) {
  std::vector<int> out;
  for (const auto& c : p.lossless) out.push_back(c.priority);
  return out;
}

void merge_peaks(std::vector<Peak>& peaks, const std::vector<engine::Evidence>& evidence) {
  for (const auto& e : evidence) {
    if (!e.per_second) continue;
    auto it = std::find_if(peaks.begin(), peaks.end(), [&](const Peak& p) { return p.name == e.name; });
    if (it == peaks.end()) peaks.push_back({e.name, e.from.locator, *e.per_second});
    else it->per_second = std::max(it->per_second, *e.per_second);
  }
}

}  // namespace

Timeline::Timeline(std::span<const engine::CheckInfo> catalog, const profile::Profile& profile, Options options)
    : catalog_(catalog), profile_(profile), options_(std::move(options)), series_(lossless_priorities(profile)) {
  if (options_.window_ms <= 0) options_.window_ms = 60'000;
  result_.window_ms = options_.window_ms;
}

void Timeline::feed(const model::Host& sample) {
  if (sample.time_unix_ms <= 0) {
    result_.warnings.push_back("sample without a wall-clock time skipped");
    return;
  }
  if (result_.samples > 0) {
    if (sample.hostname != result_.hostname) {
      result_.warnings.push_back("sample of another host (\"" + sample.hostname + "\") skipped");
      return;
    }
    if (sample.time_unix_ms <= result_.last_ms) {
      result_.warnings.push_back("sample at " + std::to_string(sample.time_unix_ms) +
                                 " ms is not after the previous one: skipped");
      return;
    }
  } else {
    result_.hostname = sample.hostname;
    result_.first_ms = sample.time_unix_ms;
  }
  ++result_.samples;
  result_.last_ms = sample.time_unix_ms;
  series_.feed(sample);

  if (!anchor_) {
    anchor_ = sample;
    last_is_pending_ = false;
    return;
  }
  if (sample.time_unix_ms - anchor_->time_unix_ms >= options_.window_ms) {
    evaluate_window(sample);
    *anchor_ = sample;  // assignment reuses the anchor's storage
    last_is_pending_ = false;
    return;
  }
  // Kept for a tail window at finish(). Assignment into the same object reuses its strings and
  // vectors, so this costs a copy of bytes, not allocations.
  if (last_) *last_ = sample;
  else last_ = sample;
  last_is_pending_ = true;
}

void Timeline::evaluate_window(const model::Host& now) {
  const model::Host& before = *anchor_;
  const double dt = engine::seconds_between(before, now);
  const engine::Context ctx(now, &before, dt, profile_);
  const auto results = engine::run_checks(catalog_, ctx, options_.selection);
  const std::size_t window = ++result_.windows;
  for (const auto& r : results) {
    for (const auto& f : r.findings) {
      const std::string key = f.id + "@" + f.subject.to_string();
      auto it = open_.find(key);
      if (it == open_.end()) {
        Open o;
        o.interval.id = f.id;
        o.interval.subject = f.subject;
        o.interval.start_ms = before.time_unix_ms;
        o.interval.worst = f.severity;
        o.interval.title = f.title;
        o.interval.evidence = f.evidence;
        it = open_.emplace(key, std::move(o)).first;
      } else if (f.severity > it->second.interval.worst) {
        it->second.interval.worst = f.severity;
        it->second.interval.title = f.title;
        it->second.interval.evidence = f.evidence;
      }
      Interval& in = it->second.interval;
      in.end_ms = now.time_unix_ms;
      ++in.windows;
      merge_peaks(in.peaks, f.evidence);
      it->second.last_window = window;
    }
  }
  close_stale(window);
}

// Intervals whose finding was absent from window `window` end at their last window.
void Timeline::close_stale(std::size_t window) {
  for (auto it = open_.begin(); it != open_.end();) {
    if (it->second.last_window < window) {
      result_.intervals.push_back(std::move(it->second.interval));
      it = open_.erase(it);
    } else {
      ++it;
    }
  }
}

Result Timeline::finish() {
  if (last_is_pending_ && last_ && anchor_) {
    // A tail shorter than the window (or the only pair): judged, so that "ongoing" means now.
    evaluate_window(*last_);
  }
  for (auto& [key, o] : open_) {
    o.interval.ongoing = true;
    result_.intervals.push_back(std::move(o.interval));
  }
  open_.clear();
  result_.series = series_.series();
  std::sort(result_.intervals.begin(), result_.intervals.end(), [](const Interval& a, const Interval& b) {
    return std::tuple(a.start_ms, a.id, a.subject.to_string()) < std::tuple(b.start_ms, b.id, b.subject.to_string());
  });
  return std::move(result_);
}

}  // namespace roce::timeline
