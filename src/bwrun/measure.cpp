// bw --run: plan, run, read.
#include "bwrun/measure.hpp"

#include <filesystem>
#include <optional>

#include "bwrun/perftest_run.hpp"
#include "results/read_results.hpp"
#include "util/exit_codes.hpp"
#include "util/read_file.hpp"
#include "util/temp_dir.hpp"

namespace roce::bwrun {
namespace {

// `out_dir` made if need be.
Outcome make_out_dir(const std::string& out_dir) {
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec) return fail("--out " + out_dir + ": " + ec.message(), {}, ec.value());
  return done();
}

// The result the run left, read as `bw FILE` reads it; an incomplete one quotes perftest's stderr.
Result<std::vector<model::BandwidthResult>> read_run(const PerftestPlan& plan, const PerftestRun& done) {
  const auto text = util::read_file(done.result_file);
  auto read = results::read_results(text ? *text : std::string(), {"perftest", done.result_name});
  if (read) return std::move(*read);
  Error e = std::move(read.error());
  e.message = "perftest ended without a complete result: " + e.message;
  if (!done.stderr_tail.empty()) e.message += "; its stderr ends:\n  " + done.stderr_tail;
  e.hint = "run `" + shell_line(plan.client_argv.empty() ? plan.server_argv : plan.client_argv) +
           "` by hand to see the whole output";
  return {std::move(e), kExitRuntimeError};
}

}  // namespace

std::string mode_name(RunMode mode) {
  return mode == RunMode::loopback ? "loopback" : mode == RunMode::client ? "client" : "server";
}

Result<std::vector<model::BandwidthResult>> measure(const model::Host& host, const profile::Profile& profile,
                                                    RunOptions options, const std::string& out_dir,
                                                    std::chrono::seconds timeout, std::optional<RunRecord>& ran) {
  // The run's files: in `out_dir`, else in a temporary folder removed when this returns.
  std::optional<process::TempDir> temp;
  if (out_dir.empty()) {
    auto made = process::TempDir::create("roce-doctor-bw");
    if (!made) return {std::move(made.error()), kExitRuntimeError};
    temp.emplace(std::move(*made));
  } else if (auto made = make_out_dir(out_dir); !made) {
    return {std::move(made.error()), kExitRuntimeError};
  }
  const std::string dir = temp ? temp->path() : out_dir;
  options.out_json_file = dir + "/" + *perftest_binary(options.test) + ".json";
  Result<std::vector<model::BandwidthResult>> out{Error{}, kExitRuntimeError};
  if (auto plan = plan_perftest(host, profile, options); !plan) {
    out = {Error(plan.error()).context("bw --run"), kExitRuntimeError};
  } else {
    ran = RunRecord{mode_name(options.mode), *plan};
    auto done = run_perftest(*plan, options, dir, timeout);
    out = done ? read_run(*plan, *done)
               : Result<std::vector<model::BandwidthResult>>{std::move(done.error()), kExitRuntimeError};
  }
  return out;
}

}  // namespace roce::bwrun
