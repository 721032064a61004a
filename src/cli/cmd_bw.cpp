// roce-doctor bw: bandwidth results judged against the host's line rate, with their likely causes.
#include "cli/cmd_bw.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "bwrun/measure.hpp"
#include "checks/bw_findings.hpp"
#include "cli/duration.hpp"
#include "cli/line_rate.hpp"
#include "cli/options.hpp"
#include "judge/judge.hpp"
#include "physics/estimate.hpp"
#include "report/bw_view.hpp"
#include "results/read_results.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

// The --run options as the planner takes them; an input error names the option.
Expected<bwrun::RunOptions> run_options_of(const BwOptions& options) {
  bwrun::RunOptions o;
  if (options.server && !options.peer.empty())
    return fail("--server and --peer exclude each other", "--server waits for a client; --peer HOST is the client");
  o.mode = options.server         ? bwrun::RunMode::server
           : options.peer.empty() ? bwrun::RunMode::loopback
                                  : bwrun::RunMode::client;
  o.peer = options.peer;
  o.test = options.test;
  if (!bwrun::perftest_binary(o.test))
    return fail("--test " + o.test + ": not a perftest bandwidth test", "write, read or send");
  const auto size = physics::parse_size(options.size);
  if (!size || *size < 1 || *size > 4294967295.0 || std::floor(*size) != *size)
    return fail("--size " + options.size + ": not a message size", "bytes, or with a unit: 65536, 64KiB, 1MiB");
  o.size = static_cast<std::uint64_t>(*size);
  const auto duration = parse_duration(options.duration);
  if (!duration) return fail(Error(duration.error()).context("--duration"));
  o.duration_s = static_cast<std::uint32_t>(std::max<std::int64_t>(1, (duration->count() + 999) / 1000));
  if (options.qps == 0) return fail("--qps 0: perftest needs at least one QP");
  o.qps = options.qps;
  if (options.port > 65535) return fail("--port " + std::to_string(options.port) + ": not a TCP port");
  if (options.port) o.port = options.port;
  return o;
}

// The --timeout of a run: given, or the duration and a minute.
Expected<std::chrono::seconds> run_timeout(const BwOptions& options, const bwrun::RunOptions& run) {
  if (options.timeout.empty()) return std::chrono::seconds(run.duration_s + 60);
  const auto t = parse_duration(options.timeout);
  if (!t) return fail(Error(t.error()).context("--timeout"));
  return std::chrono::ceil<std::chrono::seconds>(*t);
}

}  // namespace

void add_bw_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<BwOptions>();
  auto* bw = app.add_subcommand("bw",
                                "Judge perftest and nccl-tests results against the line rate of this host's NICs "
                                "(or a capture's), with the host findings that explain a shortfall; exit codes as "
                                "check");
  bw->add_option("files", options->files,
                 "Result files: ib_write_bw/ib_read_bw/ib_send_bw output (text or --out_json), nccl-tests output "
                 "(text or -J json)")
      ->type_name("FILE");
  add_system_options(*bw, global);
  add_from_option(*bw, options->from, "the host the results ran on; results found inside it are judged too");
  add_dev_option(*bw, options->dev);
  add_rate_interval_option(*bw, options->interval);
  add_profile_option(*bw, options->profile, "pass marks: [thresholds.BW-PERFTEST], [thresholds.BW-NCCL]");
  bw->add_option("--line-rate", options->line_rate,
                 "Judge against this rate instead of the host's ports: Gb/s of one NIC (400G), or NICs per node x "
                 "Gb/s for nccl-tests (8x400G); perftest is judged against one NIC's rate")
      ->type_name("[Nx]RATE");
  add_json_flag(*bw, options->json, "results[]");
  auto* run = bw->add_flag("--run", options->run,
                           "Run perftest here first (loopback: server and client on this host) with the flags this "
                           "host needs, and judge its result");
  bw->add_flag("--server", options->server, "With --run: start only the server and wait for a client")->needs(run);
  bw->add_option("--peer", options->peer, "With --run: be the client of the server on HOST")
      ->type_name("HOST")
      ->needs(run);
  bw->add_option("--test", options->test, "With --run: ib_write_bw (write, default), ib_read_bw or ib_send_bw")
      ->type_name("write|read|send")
      ->needs(run);
  bw->add_option("--size", options->size, "With --run: message size (-s; default 1MiB)")
      ->type_name("BYTES")
      ->needs(run);
  bw->add_option("--duration", options->duration, "With --run: seconds of traffic (-D; default 10s)")
      ->type_name("DURATION")
      ->needs(run);
  bw->add_option("--qps", options->qps, "With --run: queue pairs (-q; default 1)")->type_name("N")->needs(run);
  bw->add_option("--port", options->port, "With --run: perftest's TCP port (-p; default perftest's 18515)")
      ->type_name("PORT")
      ->needs(run);
  bw->add_option("--timeout", options->timeout,
                 "With --run: kill perftest after this long (default: the duration and 60 s)")
      ->type_name("DURATION")
      ->needs(run);
  bw->add_option("--out", options->out_dir,
                 "With --run: keep perftest's output files in DIR (default: a temporary directory, removed)")
      ->type_name("DIR")
      ->needs(run);
  bw->callback([&global, &exit_code, options] { exit_code = run_bw(global, *options); });
}

int run_bw(const GlobalOptions& global, const BwOptions& options) {
  const bool json = options.json;
  if (options.files.empty() && !options.run)
    return report_error({"no result file given", "bw FILE... judges result files; bw --run runs perftest here first"},
                        kExitInputError, json);
  if (options.run && !options.from.empty())
    return report_error(
        {"--run measures this host: it takes no --from", "judge a capture's results with bw FILE --from"},
        kExitInputError, json);
  std::optional<model::StatedLineRate> line_rate;
  if (!options.line_rate.empty()) {
    auto rate = line_rate_of(options.line_rate);
    if (!rate) return report_error(rate.error(), kExitInputError, json);
    line_rate = *rate;
  }
  model::Observations observations;
  for (const auto& file : options.files) {
    auto read = results::read_results_file(file);
    if (!read) return report_error(read.error(), kExitInputError, json);
    std::move(read->begin(), read->end(), std::back_inserter(observations.bandwidth));
  }
  const auto interval = parse_window(options.interval);
  if (!interval) return report_error(interval.error(), kExitInputError, json);
  const auto profile = judge::load_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError, json);
  // --line-rate without --from judges the results alone: they ran elsewhere (this may be a login
  // node), so no host is read and no host finding is offered as their cause.
  const bool hostless = line_rate && options.from.empty() && !options.run;
  judge::Input input;
  if (hostless) {
    input.origin = "no host read, --line-rate " + line_rate->text;
  } else {
    judge::InputRequest request = input_request(global);
    if (!options.from.empty()) request.captures = {options.from};
    request.dev = options.dev;
    request.interval = *interval;
    request.require_devices = !line_rate;  // a stated line rate judges results on a host without NICs
    auto read = judge::read_input(request);
    if (!read) return report_error(read, json);
    input = std::move(*read);
  }

  report::BandwidthView view;
  view.host = !hostless;
  if (options.run) {
    auto run_options = run_options_of(options);
    if (!run_options) return report_error(run_options.error(), kExitInputError, json);
    const auto timeout = run_timeout(options, *run_options);
    if (!timeout) return report_error(timeout.error(), kExitInputError, json);
    auto measured = bwrun::measure(input.now, *profile, *run_options, options.out_dir, *timeout, view.ran);
    if (!measured) return report_error(measured, json);
    std::move(measured->begin(), measured->end(), std::back_inserter(observations.bandwidth));
  }
  model::append(observations, std::move(input.observations));
  if (line_rate)
    for (auto& r : observations.bandwidth) r.line_rate = line_rate;
  input.observations = std::move(observations);

  const engine::Context ctx = judge::context_of(input, *profile);  // the judged results point into it
  const report::CheckRun run = judge::judge(ctx, input, *profile, {.selection = {}, .host = !hostless});
  view.judged = checks::judge_bandwidth_results(ctx, run.ranked);
  view.verdict = checks::bandwidth_verdict(view.judged, verdict_of(run));
  const std::string text = json ? report::render_bw_json(view, run) : report::render_bw_text(view, run);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return view.verdict.exit_code();
}

}  // namespace roce::cli
