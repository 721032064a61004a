#pragma once
// `sweep run`: a plan's rounds one after the other into a results folder. The folder gets the plan
// (to which each adaptive round is added before it runs, so that every step reads its tests from
// it), pairs.csv and one result file per test, on a filesystem the nodes share. After the plan's
// rounds, the results so far choose the next round (adaptive), until none is wanted or the round
// limit is reached.
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sweep/launch.hpp"
#include "sweep/plan_file.hpp"
#include "sweep/run_round.hpp"
#include "util/result.hpp"

namespace roce::sweep {

/// The next round from the results so far in the folder (its tests with ids from `first_id`);
/// nullopt when no more tests would tell anything apart.
using NextRound =
    std::function<Expected<std::optional<Round>>(const Plan& plan, const std::string& out_dir, std::uint32_t first_id)>;

struct RunRequest {
  std::string plan_path;
  std::string out_dir;
  Launch launch;  // runner, template, self, replay (plan_path and out_dir are filled in)
  std::optional<std::uint32_t> timeout_s, duration_s;  // over the plan's settings
  std::optional<std::chrono::seconds> grace;           // a launcher's time beyond the timeout (default: half
                                                       // the timeout, at least 5 s)
  NextRound next_round;                                // empty: the plan's rounds only
  std::string run_line;                                // the command line, for the salloc line of a missing allocation
};

struct RunSummary {
  int rounds = 0;
  std::size_t tests = 0, measured = 0, failed = 0, timed_out = 0;
  std::string stopped_because;  // "no test would tell the suspects apart", "the round limit (13)"
};

/// Runs the sweep. Input errors (a bad plan, a folder holding a sweep already, no allocation, a
/// template without {command}): kExitInputError; a folder that cannot be written, an interrupt:
/// kExitRuntimeError (what ran is in the folder).
Result<RunSummary> run_sweep(const RunRequest& request, const std::function<void(const Progress&)>& progress);

/// "3 rounds, 1,280 tests: 1,270 measured, 8 failed, 2 timed out; in DIR (pairs.csv)".
std::string render_run_summary(const RunSummary& summary, const std::string& out_dir);

}  // namespace roce::sweep
