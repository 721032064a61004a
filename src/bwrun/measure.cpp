// bw --run: plan, run, read.
#include "bwrun/measure.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "bwrun/perftest_run.hpp"
#include "results/read_results.hpp"
#include "util/exit_codes.hpp"
#include "util/read_file.hpp"

namespace roce::bwrun {
namespace {

// A directory for the run's files: `out_dir`, else a fresh temporary one (removed by the caller).
Expected<std::string> run_directory(const std::string& out_dir) {
  std::error_code ec;
  if (!out_dir.empty()) {
    std::filesystem::create_directories(out_dir, ec);
    if (ec) return fail("--out " + out_dir + ": " + ec.message(), {}, ec.value());
    return out_dir;
  }
  std::string pattern = (std::filesystem::temp_directory_path(ec) / "roce-doctor-bw-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) return fail("mkdtemp " + pattern + ": " + std::strerror(errno), {}, errno);
  return pattern;
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
  auto dir = run_directory(out_dir);
  if (!dir) return {std::move(dir.error()), kExitRuntimeError};
  const bool remove_dir = out_dir.empty();
  options.out_json_file = *dir + "/" + *perftest_binary(options.test) + ".json";
  Result<std::vector<model::BandwidthResult>> out{Error{}, kExitRuntimeError};
  if (auto plan = plan_perftest(host, profile, options); !plan) {
    out = {Error(plan.error()).context("bw --run"), kExitRuntimeError};
  } else {
    ran = RunRecord{mode_name(options.mode), *plan};
    auto done = run_perftest(*plan, options, *dir, timeout);
    out = done ? read_run(*plan, *done)
               : Result<std::vector<model::BandwidthResult>>{std::move(done.error()), kExitRuntimeError};
  }
  if (remove_dir) std::filesystem::remove_all(*dir);
  return out;
}

}  // namespace roce::bwrun
