#pragma once
// bw --run from end to end: plan perftest for the host, run it in a directory of its own, and read
// its result with the reader `bw FILE` uses.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "bwrun/perftest_plan.hpp"
#include "model/bandwidth.hpp"
#include "model/host.hpp"
#include "profile/profile.hpp"
#include "util/result.hpp"

namespace roce::bwrun {

/// What a run ran, for the views.
struct RunRecord {
  std::string mode;  // "loopback", "client", "server"
  PerftestPlan plan;
};

/// Plans and runs perftest on `host` with its output in `out_dir` (empty: a temporary directory,
/// removed afterwards), killed after `timeout`. A host perftest cannot be planned for, a run that
/// fails or ends without a complete result: kExitRuntimeError with perftest's own lines. The
/// record is filled once the plan is made, even when the run then fails.
Result<std::vector<model::BandwidthResult>> measure(const model::Host& host, const profile::Profile& profile,
                                                    RunOptions options, const std::string& out_dir,
                                                    std::chrono::seconds timeout, std::optional<RunRecord>& ran);

/// "loopback", "client" or "server".
std::string mode_name(RunMode mode);

}  // namespace roce::bwrun
