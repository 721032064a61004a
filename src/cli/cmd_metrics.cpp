// roce-doctor metrics: one sweep as Prometheus metrics, on stdout or for the textfile collector.
#include "cli/cmd_metrics.hpp"

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli/duration.hpp"
#include "cli/input.hpp"
#include "cli/metrics_sweep.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {

void add_metrics_command(CLI::App& app, const GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<MetricsOptions>();
  auto* metrics = app.add_subcommand(
      "metrics",
      "Read and judge the host once and print Prometheus metrics (--textfile DIR: for node_exporter's textfile "
      "collector)");
  metrics
      ->add_option("--textfile", options->textfile,
                   "Write DIR/roce_doctor.prom (a temporary file renamed over it) instead of printing")
      ->type_name("DIR");
  metrics->add_option("--dev", options->dev, "Only this netdev or RDMA device (and what pairs with it)")
      ->type_name("NAME");
  metrics
      ->add_option("--interval", options->interval,
                   "Time between the two samples the rate checks compare: seconds, or 500ms (default 1s; 0: one "
                   "sample, rate checks skipped)")
      ->type_name("DURATION");
  metrics->add_option("--from", options->from, "Judge a capture instead of this host (as `check --from`)")
      ->type_name("CAPTURE")
      ->expected(1)
      ->take_all();
  metrics->add_option("--profile", options->profile, "Desired state: a profile NAME or a TOML FILE")
      ->type_name("NAME|FILE");
  metrics->callback([&global, &exit_code, options] { exit_code = run_metrics(global, *options); });
}

int run_metrics(const GlobalOptions& global, const MetricsOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  std::chrono::milliseconds interval{0};
  if (options.interval != "0") {
    const auto parsed = parse_duration(options.interval);
    if (!parsed) return report_error(parsed.error(), kExitInputError);
    interval = *parsed;
  }
  const auto profile = load_profile_option(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);
  InputRequest request;
  request.captures = options.from;
  request.dev = options.dev;
  request.interval = interval;
  request.require_devices = true;
  auto input = read_input(global, request);
  if (!input) return input.report();
  const model::Host* before = input->before ? &*input->before : nullptr;
  const std::string text = judge_as_metrics(input->now, before, input->dt, *profile, &input->observations, started);
  if (!options.textfile.empty()) {
    if (auto written = write_textfile(options.textfile, text); !written)
      return report_error(written.error(), kExitRuntimeError);
    return kExitHealthy;
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitHealthy : kExitRuntimeError;
}

}  // namespace roce::cli
