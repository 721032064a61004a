#pragma once
// What one job step runs on one node (`sweep step`): this node's side of each of the step's tests,
// all at once. The node plays the client where it is a test's client, the server where it is its
// server, both in loopback, each through `roce-doctor bw --run` with the test's device, peer and a
// port of its own; or, with a replay model, the client writes the simulated result. A side still
// running at the plan's timeout is killed and reported as timed out.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sweep/plan_file.hpp"
#include "sweep/steps.hpp"
#include "util/expected.hpp"

namespace roce::sweep {

/// The simulated client output of a test; what a replay model gives (sweep/replay.hpp).
/// `hangs`: the test would never finish (a component that passes nothing), as perftest hangs.
struct Replayed {
  std::string text;
  bool hangs = false;
};
using Replayer = std::function<Expected<Replayed>(const Plan& plan, const fabric::Test& test)>;

struct StepRequest {
  std::vector<std::uint32_t> ids;
  std::string out_dir;  // the results folder (on a filesystem every node shares)
  std::string node;     // this node's name as the plan has it
  std::string self;     // the roce-doctor to run `bw --run` with
  Replayer replay;      // empty: run perftest through bw --run
};

/// The `bw --run` command line of one side of `test` (self first).
std::vector<std::string> bw_command(const Plan& plan, const fabric::Test& test, Side side, const std::string& self,
                                    const std::string& work_dir);

/// The node's name: SLURMD_NODENAME when Slurm runs the step, else the short host name.
std::string this_node_name();

/// Runs the node's sides; `report` is called with each report line (step_report_line) as its side
/// ends. Fails (before running anything) on an id the plan does not hold or a test this node is no
/// side of. Returns whether every side it ran ended well.
Expected<bool> run_step(const Plan& plan, const StepRequest& request,
                        const std::function<void(const std::string&)>& report);

}  // namespace roce::sweep
