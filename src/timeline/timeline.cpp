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
    if (it == peaks.end())
      peaks.push_back({e.name, e.from.locator, *e.per_second});
    else
      it->per_second = std::max(it->per_second, *e.per_second);
  }
}

}  // namespace

Timeline::Timeline(std::span<const engine::CheckInfo> catalog, const profile::Profile& profile, Options options)
    : catalog_(catalog), profile_(profile), options_(std::move(options)), series_(lossless_priorities(profile)) {
  if (options_.window_ms <= 0) options_.window_ms = 60'000;
  result_.window_ms = options_.window_ms;
}

void Timeline::skip(Skip kind, const model::Host& sample) {
  if (skipping_ && skipping_->kind == kind && skipping_->host == sample.hostname) {
    ++skipping_->count;
    skipping_->last_ms = sample.time_unix_ms;
    return;
  }
  flush_skips();
  skipping_ = SkipRun{kind, sample.hostname, 1, sample.time_unix_ms, sample.time_unix_ms};
}

void Timeline::flush_skips() {
  if (!skipping_) return;
  const SkipRun& r = *skipping_;
  const std::string n = std::to_string(r.count) + " samples";
  switch (r.kind) {
    case Skip::no_clock:
      result_.warnings.push_back((r.count == 1 ? std::string("sample") : n) + " without a wall-clock time skipped");
      break;
    case Skip::other_host:
      result_.warnings.push_back((r.count == 1 ? std::string("sample") : n) + " of another host (\"" + r.host +
                                 "\") skipped");
      break;
    case Skip::not_after:
      result_.warnings.push_back(
          r.count == 1 ? "sample at " + std::to_string(r.first_ms) + " ms is not after the previous one: skipped"
                       : n + " at " + std::to_string(r.first_ms) + ".." + std::to_string(r.last_ms) +
                             " ms are not after the previous one (" + std::to_string(result_.last_ms) +
                             " ms; the clock stepped back?): skipped");
      break;
  }
  skipping_.reset();
}

void Timeline::feed(const model::Host& sample) {
  if (sample.time_unix_ms <= 0) return skip(Skip::no_clock, sample);
  if (result_.samples > 0) {
    if (sample.hostname != result_.hostname) return skip(Skip::other_host, sample);
    if (sample.time_unix_ms <= result_.last_ms) return skip(Skip::not_after, sample);
  } else {
    result_.hostname = sample.hostname;
    result_.first_ms = sample.time_unix_ms;
  }
  flush_skips();
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
  if (last_)
    *last_ = sample;
  else
    last_ = sample;
  last_is_pending_ = true;
}

void Timeline::evaluate_window(const model::Host& now) {
  const model::Host& before = *anchor_;
  const double dt = engine::seconds_between(before, now);
  const engine::Context ctx(now, &before, dt, profile_);
  const auto results = engine::run_checks(catalog_, ctx, options_.selection);
  const std::size_t window = ++result_.windows;
  if (std::any_of(results.begin(), results.end(),
                  [](const engine::CheckResult& r) { return r.status != engine::CheckResult::Status::skipped; }))
    ++result_.judged_windows;
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
  flush_skips();
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

engine::Verdict verdict_of(const Result& result) {
  engine::Verdict v;
  for (const auto& in : result.intervals) v.add(in.worst);
  v.judged = result.judged_windows > 0;
  return v;
}

}  // namespace roce::timeline
