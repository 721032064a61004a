#pragma once
// The timeline engine of `roce-doctor report`: a consumer of a stream of samples of one host
// (feed() them in time order; bundles and streamed recordings alike). It evaluates the checks
// once per window (--window, default 60 s: the first sample at least that long after the window's
// start closes it), merges each (check ID, subject)'s findings over consecutive windows into
// intervals, and collects per-sample series for the plots. Pure: no I/O.
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/check.hpp"
#include "engine/finding.hpp"
#include "engine/runner.hpp"
#include "engine/verdict.hpp"
#include "model/host.hpp"
#include "profile/profile.hpp"
#include "timeline/series.hpp"

namespace roce::timeline {

struct Options {
  std::int64_t window_ms = 60'000;
  engine::Selection selection;
};

/// The largest rate one evidence item reached over the interval's windows.
struct Peak {
  std::string name;     // raw counter name: "tx_prio3_pause_duration"
  std::string locator;  // canonical name: "prio[3].tx_pause_us"
  double per_second = 0;
};

/// One (check ID, subject) with findings in consecutive windows.
struct Interval {
  std::string id;
  engine::Subject subject;
  std::int64_t start_ms = 0;  // start of the first window with the finding
  std::int64_t end_ms = 0;    // end of the last window with the finding
  bool ongoing = false;       // the finding is in the last window
  engine::Severity worst = engine::Severity::info;
  std::string title;                       // the title of the first window of the worst severity
  int windows = 0;                         // windows with the finding
  std::vector<Peak> peaks;                 // per evidence counter, its largest per_second
  std::vector<engine::Evidence> evidence;  // the evidence of the worst window
};

struct Result {
  std::string hostname;
  std::int64_t first_ms = 0, last_ms = 0;  // wall clock of the first and last sample
  std::size_t samples = 0;
  std::size_t windows = 0;         // windows evaluated
  std::size_t judged_windows = 0;  // windows in which at least one check was not skipped
  std::int64_t window_ms = 0;
  std::vector<Interval> intervals;  // by start, then check ID, then subject
  SeriesSet series;
  std::vector<std::string> warnings;  // samples skipped (out of order, another host, no clock)
};

class Timeline {
 public:
  Timeline(std::span<const engine::CheckInfo> catalog, const profile::Profile& profile, Options options);

  /// One sample, in time order. Samples without a wall clock, not after the previous one, or of
  /// another host are skipped with a warning (one per run of consecutive skips of one kind).
  void feed(const model::Host& sample);
  /// Closes the last window (a shorter tail window, or the only pair when there was no full
  /// window) and returns the result. Call once.
  Result finish();

 private:
  struct Open {
    Interval interval;
    std::size_t last_window = 0;
  };
  // Consecutive skipped samples of one kind make one warning: a clock stepped back by an hour
  // would otherwise give one per sample until it caught up.
  enum class Skip { no_clock, other_host, not_after };
  struct SkipRun {
    Skip kind;
    std::string host;
    std::size_t count = 0;
    std::int64_t first_ms = 0, last_ms = 0;
  };
  void skip(Skip kind, const model::Host& sample);
  void flush_skips();
  void evaluate_window(const model::Host& now);
  void close_stale(std::size_t window_index);

  std::span<const engine::CheckInfo> catalog_;
  profile::Profile profile_;  // a copy: callers often pass a temporary (default_profile())
  Options options_;
  SeriesCollector series_;
  std::optional<model::Host> anchor_;  // the current window's first sample
  std::optional<model::Host> last_;    // the last sample, kept only while it is not the anchor
  bool last_is_pending_ = false;       // the last sample ended no window yet
  std::map<std::string, Open> open_;   // by "ID@subject"
  std::optional<SkipRun> skipping_;
  Result result_;
};

/// The report's verdict: the worst severity of its intervals; nothing judged when no window judged
/// anything.
engine::Verdict verdict_of(const Result& result);

}  // namespace roce::timeline
