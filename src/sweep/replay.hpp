#pragma once
// The replay runner (`sweep run --replay FABRIC.toml`): each test's result taken from a simulated
// fabric (src/sim/fabric_sim.hpp) instead of perftest, written as perftest's client output, so that
// plan, run and localize run end to end without RDMA hardware.
#include <string>

#include "sweep/step_run.hpp"
#include "util/expected.hpp"

namespace roce::sweep {

/// A replayer of the fabric file at `path`. The plan's tests are matched to the simulated fabric
/// by host and device names (a name it does not hold fails that test). A test through a part that
/// passes under 1% of its line rate hangs, as perftest does on a dead link.
Expected<Replayer> open_replay(const std::string& path);

}  // namespace roce::sweep
