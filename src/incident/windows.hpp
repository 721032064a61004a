#pragma once
// Where to look: the first pass over every source finds when its pause counters moved; those
// times, widened by a margin and joined, are the windows the second pass reads samples in. A
// window is at most `max_window_ms` long (a longer stretch of pausing is cut into several), and the
// windows read together hold at most `budget_port_samples` port-samples (estimated from the
// sources active in each and their sampling intervals); a window past the budget is named in a
// note, not read. Pure.
#include <cstdint>
#include <string>
#include <vector>

namespace roce::incident {

struct Interval {
  std::int64_t from_ms = 0, to_ms = 0;  // inclusive
  bool operator==(const Interval&) const = default;
};

/// Adds [from, to] to `intervals` (kept in time order), joining it with the last when they are at
/// most `join_ms` apart. Times come in order; an earlier one is joined where it falls.
void add_interval(std::vector<Interval>& intervals, Interval add, std::int64_t join_ms);

/// What the first pass learnt of one source.
struct SourceScan {
  std::string name;              // "gpu007 (recording gpu007.rec)", "leaf01 (snapshots leaf01.txt)"
  std::vector<Interval> active;  // when its pause counters moved
  std::vector<Interval> gaps;    // stretches with no sample (a recorder stopped, a snapshot missing)
  std::int64_t first_ms = 0, last_ms = 0;
  std::int64_t interval_ms = 0;  // its usual time between samples (0: one sample or none)
  std::size_t ports = 0;
  std::size_t samples = 0;
  bool pause_counters = false;  // some port has a pause counter (PFC or 802.3x)
};

struct WindowOptions {
  std::int64_t margin_ms = 30'000;         // read this long before the first and after the last movement
  std::int64_t max_window_ms = 3'600'000;  // a window at most this long
  std::size_t budget_port_samples = 500'000;
  std::int64_t since_ms = INT64_MIN, until_ms = INT64_MAX;  // nothing outside
};

struct Window {
  Interval span;                     // what is read (the margin included)
  Interval active;                   // the first and last movement in it
  std::vector<std::size_t> sources;  // indices of the sources active in it (the ones read)
  bool operator==(const Window&) const = default;
};

struct WindowPlan {
  std::vector<Window> windows;     // in time order, within the budget
  std::vector<std::string> notes;  // windows left out, windows cut, sources that do not cover one
};

WindowPlan plan_windows(const std::vector<SourceScan>& scans, const WindowOptions& options = {});

/// The windows whose span, widened by `pad_ms` each side, holds `t_ms` (a sample just outside a
/// window is read too: the bins at its edges are interpolated from it); `windows` in time order.
void windows_near(const std::vector<Window>& windows, std::int64_t t_ms, std::int64_t pad_ms,
                  std::vector<std::size_t>& out);

}  // namespace roce::incident
