#pragma once
// One round of a sweep run: its tests grouped into steps, every step started at once (a node is
// never in two running steps: a step waits for its nodes), each killed when it outlives the plan's
// timeout and a grace for the launcher; as each step ends, a manifest row per test.
#include <chrono>
#include <functional>
#include <string>

#include "sweep/launch.hpp"
#include "sweep/manifest.hpp"
#include "sweep/plan_file.hpp"

namespace roce::sweep {

/// Where a sweep is, for a progress line.
struct Progress {
  int round = 0, round_limit = 0;
  std::size_t tests = 0, done = 0, running = 0, failed = 0;  // of this round; failed includes timed out
  bool operator==(const Progress&) const = default;
};
/// "round 3 of at most 13: 512 tests, 480 done, 30 running, 2 failed".
std::string progress_line(const Progress& p);

struct RoundCounts {
  std::size_t measured = 0, failed = 0, timed_out = 0;
};

/// Runs round `round` (1-based) of the plan. `grace`: how long a launcher may take beyond the
/// plan's timeout (srun's own start and end). Rows go to `manifest`; a row that cannot be written
/// fails the round (the folder would not say what ran). Each launcher's output goes to
/// rNN/steps/NAME.out and .err, and when each step started and ended to rNN/steps/times.tsv.
Expected<RoundCounts> run_round(const Plan& plan, int round, const Launch& launch, ManifestWriter& manifest,
                                std::chrono::seconds grace, const std::function<void(const Progress&)>& progress);

}  // namespace roce::sweep
