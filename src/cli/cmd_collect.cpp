// roce-doctor collect: N samples of the --host system (default live) into a bundle.
#include "cli/cmd_collect.hpp"

#include <chrono>
#include <cstdio>
#include <memory>

#include "captures/bundle.hpp"
#include "cli/duration.hpp"
#include "cli/options.hpp"
#include "judge/input.hpp"
#include "util/exit_codes.hpp"
#include "util/stop_signals.hpp"

namespace roce::cli {
namespace {

// Lets the interval pass after `last`. A live host's clock runs by itself: the next sample is due
// an interval after the last one's own stamp (CLOCK_MONOTONIC, as steady_clock), so consecutive
// samples are never closer than the interval, and a stop request ends the wait. A simulator's
// clock moves only when told.
void wait_for_next(system::System& system, const model::Host& last, std::chrono::milliseconds interval) {
  if (!judge::runs_in_real_time(system)) return system.wait(interval);
  sleep_until(std::chrono::steady_clock::time_point(std::chrono::nanoseconds(last.monotonic_ns)) + interval);
}

}  // namespace

void add_collect_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<CollectOptions>();
  auto* collect = app.add_subcommand("collect", "Write a bundle: one or more samples of this host, for `show --from`");
  collect->add_option("-o,--output", options->output, "Bundle file to write (.zst: zstd-compressed)")
      ->required()
      ->type_name("FILE");
  collect->add_option("--samples", options->samples, "Number of samples (default 1)")
      ->check(CLI::PositiveNumber)
      ->type_name("N");
  add_sample_interval_option(*collect, options->interval)
      ->check(CLI::Validator(
          [](std::string& text) {
            auto d = parse_duration(text);
            return d ? std::string() : d.error().message + " (" + d.error().hint + ")";
          },
          ""))
      ->type_name("DURATION");
  add_dev_option(*collect, options->dev);
  add_system_options(*collect, global);
  collect->callback([&global, &exit_code, options] { exit_code = run_collect(global, *options); });
}

int run_collect(const GlobalOptions& global, const CollectOptions& options) {
  const auto interval = parse_duration(options.interval);
  if (!interval) return report_error(interval.error(), kExitInputError);
  const process::FinishOnStop finish_on_stop;  // the first SIGINT or SIGTERM ends the loop below
  auto system = judge::open_input_system(global.system, options.dev);
  if (!system) return report_error(system.error(), kExitInputError);

  captures::Bundle bundle;
  bundle.tool_version = ROCE_DOCTOR_VERSION;
  for (unsigned i = 0; i < options.samples && !process::stop_requested(); ++i) {
    if (i > 0) wait_for_next(**system, bundle.samples.back(), *interval);
    if (process::stop_requested()) break;
    auto host = judge::sample_device(**system, options.dev);
    if (!host) return report_error(host.error(), kExitInputError);
    bundle.samples.push_back(std::move(*host));
  }
  if (bundle.samples.empty()) return process::stop_exit_code();
  // What a capture of this host would hold beside it: the cables' LLDP neighbours, for --switch.
  if (judge::runs_in_real_time(**system))
    judge::read_live_lldp(bundle.samples.back(), bundle.observations.switches, terminal_notices());
  bundle.created_unix_ms = bundle.samples.back().time_unix_ms;
  if (auto written = captures::write_bundle_file(options.output, bundle); !written)
    return report_error(written.error(), kExitRuntimeError);
  std::fprintf(stderr, "roce-doctor: wrote %s (%zu sample%s)%s\n", options.output.c_str(), bundle.samples.size(),
               bundle.samples.size() == 1 ? "" : "s", process::stop_requested() ? ", interrupted" : "");
  return process::stop_requested() ? process::stop_exit_code() : kExitHealthy;
}

}  // namespace roce::cli
