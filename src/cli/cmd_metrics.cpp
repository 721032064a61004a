// roce-doctor metrics: one sweep as Prometheus metrics, on stdout or for the textfile collector.
#include "cli/cmd_metrics.hpp"

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli/duration.hpp"
#include "cli/options.hpp"
#include "judge/judge.hpp"
#include "metrics/sweep.hpp"
#include "util/atomic_write.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {

void add_metrics_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<MetricsOptions>();
  auto* metrics = app.add_subcommand(
      "metrics",
      "Read and judge the host once and print Prometheus metrics (--textfile DIR: for node_exporter's textfile "
      "collector)");
  metrics
      ->add_option("--textfile", options->textfile,
                   "Write DIR/roce_doctor.prom (a temporary file renamed over it) instead of printing")
      ->type_name("DIR");
  add_system_options(*metrics, global);
  add_dev_option(*metrics, options->dev);
  add_rate_interval_option(*metrics, options->interval);
  add_from_option(*metrics, options->from, "as `check --from`");
  add_profile_option(*metrics, options->profile);
  metrics->callback([&global, &exit_code, options] { exit_code = run_metrics(global, *options); });
}

int run_metrics(const GlobalOptions& global, const MetricsOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const auto interval = parse_window(options.interval);
  if (!interval) return report_error(interval.error(), kExitInputError);
  const auto profile = judge::load_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);
  judge::InputRequest request = input_request(global);
  request.captures = options.from;
  request.dev = options.dev;
  request.interval = *interval;
  request.require_devices = true;
  auto input = judge::read_input(request);
  if (!input) return report_error(input);
  const std::string text = metrics::judge_as_metrics(*input, *profile, started);
  if (!options.textfile.empty()) {
    const std::string path = options.textfile + "/" + metrics::kTextfileName;
    if (auto written = util::write_file_atomically(path, text); !written) {
      written.error().hint = "is --textfile the collector's directory, and writable?";
      return report_error(written.error(), kExitRuntimeError);
    }
    return kExitHealthy;
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitHealthy : kExitRuntimeError;
}

}  // namespace roce::cli
