// A sweep run: the folder made, the plan copied into it, rounds run one after the other, adaptive
// rounds added from the results so far.
#include "sweep/run_sweep.hpp"

#include <filesystem>

#include "util/child_process.hpp"
#include "util/exit_codes.hpp"
#include "util/stop_signals.hpp"

namespace roce::sweep {
namespace {

namespace fs = std::filesystem;

std::uint32_t last_id(const Plan& plan) {
  std::uint32_t id = 0;
  for (const auto& r : plan.rounds)
    for (const auto& t : r.tests) id = std::max(id, t.id);
  return id;
}

roce::Outcome make_folder(const std::string& dir) {
  std::error_code ec;
  if (fs::exists(dir + "/pairs.csv", ec))
    return fail(dir + " holds a sweep already (pairs.csv)", "give a new folder: its results stay as they are");
  fs::create_directories(dir, ec);
  if (ec) return fail("create " + dir + ": " + ec.message());
  return done();
}

}  // namespace

Result<RunSummary> run_sweep(const RunRequest& request, const std::function<void(const Progress&)>& progress) {
  auto read = read_plan(request.plan_path);
  if (!read) return {std::move(read.error()), kExitInputError};
  Plan plan = std::move(*read);
  if (request.timeout_s) plan.settings.timeout_s = *request.timeout_s;
  if (request.duration_s) plan.settings.duration_s = *request.duration_s;
  if (plan.settings.timeout_s <= plan.settings.duration_s)
    return {Error{"a timeout of " + std::to_string(plan.settings.timeout_s) + " s leaves no time for tests of " +
                      std::to_string(plan.settings.duration_s) + " s",
                  "give --timeout longer than --duration (by a minute is usual)"},
            kExitInputError};

  Launch launch = request.launch;
  if (launch.runner == RunnerKind::command_template) {
    if (auto t = check_template(launch.command_template); !t) return {std::move(t.error()), kExitInputError};
  } else {
    std::vector<std::string> hosts;
    for (const auto& h : plan.fabric.hosts) hosts.push_back(h.name);
    if (auto a = check_allocation(hosts, request.run_line); !a) return {std::move(a.error()), kExitInputError};
  }
  if (auto f = make_folder(request.out_dir); !f) return {std::move(f.error()), kExitInputError};
  launch.out_dir = fs::absolute(request.out_dir).lexically_normal().string();
  launch.plan_path = launch.out_dir + "/" + kPlanFileName;
  if (auto w = write_plan(launch.plan_path, plan); !w) return {std::move(w.error()), kExitRuntimeError};
  auto manifest = ManifestWriter::open(launch.out_dir + "/" + kManifestName);
  if (!manifest) return {std::move(manifest.error()), kExitRuntimeError};

  RunSummary summary;
  // An interrupt ends the run with 130; any other failure to run a round is the environment's.
  const auto failed_run = [](Error e) -> Result<RunSummary> {
    return {std::move(e), process::stop_requested() ? process::stop_exit_code() : kExitRuntimeError};
  };
  const auto run = [&](int round) -> roce::Outcome {
    const auto grace =
        request.grace.value_or(std::chrono::seconds(std::max<std::uint32_t>(5, plan.settings.timeout_s / 2)));
    auto counts = run_round(plan, round, launch, *manifest, grace, progress);
    if (!counts) return fail(counts.error());
    summary.rounds = round;
    summary.tests += plan.rounds[round - 1].tests.size();
    summary.measured += counts->measured;
    summary.failed += counts->failed;
    summary.timed_out += counts->timed_out;
    return done();
  };
  const int planned = static_cast<int>(plan.rounds.size());
  for (int round = 1; round <= planned; ++round)
    if (auto r = run(round); !r) return failed_run(std::move(r.error()));
  if (!request.next_round) {
    summary.stopped_because = "the plan's rounds ran; no adaptive rounds";
    return summary;
  }
  while (true) {
    if (static_cast<int>(plan.rounds.size()) >= plan.settings.round_limit) {
      summary.stopped_because = "the round limit (" + std::to_string(plan.settings.round_limit) + ") was reached";
      break;
    }
    auto next = request.next_round(plan, launch.out_dir, last_id(plan) + 1);
    if (!next) return {std::move(next.error()), kExitRuntimeError};
    if (!*next || (*next)->tests.empty()) {
      summary.stopped_because = "no more tests would tell the suspects apart";
      break;
    }
    plan.rounds.push_back(std::move(**next));
    if (auto w = write_plan(launch.plan_path, plan); !w) return {std::move(w.error()), kExitRuntimeError};
    if (auto r = run(static_cast<int>(plan.rounds.size())); !r) return failed_run(std::move(r.error()));
  }
  return summary;
}

std::string render_run_summary(const RunSummary& s, const std::string& out_dir) {
  return std::to_string(s.rounds) + (s.rounds == 1 ? " round, " : " rounds, ") + std::to_string(s.tests) +
         " tests: " + std::to_string(s.measured) + " measured, " + std::to_string(s.failed) + " failed, " +
         std::to_string(s.timed_out) + " timed out (" + s.stopped_because + ")\nresults in " + out_dir +
         " (pairs.csv); find the slow link: roce-doctor sweep localize " + out_dir + "\n";
}

}  // namespace roce::sweep
