#include "cli/cmd_collect.hpp"

#include <cstdio>
#include <thread>

#include "captures/bundle.hpp"
#include "cli/duration.hpp"
#include "cli/host_source.hpp"
#include "sources/linux_host.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

}  // namespace

CLI::App* add_collect_command(CLI::App& app, CollectOptions& options) {
  auto* collect = app.add_subcommand("collect", "Write a bundle: one or more samples of this host, for `show --from`");
  collect->add_option("-o,--output", options.output, "Bundle file to write (.zst: zstd-compressed)")
      ->required()
      ->type_name("FILE");
  collect->add_option("--samples", options.samples, "Number of samples (default 1)")
      ->check(CLI::PositiveNumber)
      ->type_name("N");
  collect->add_option("--interval", options.interval, "Time between samples: 500ms, 2s, 1m (default 1s)")
      ->check(CLI::Validator(
          [](std::string& text) {
            auto d = parse_duration(text);
            return d ? std::string() : d.error().message + " (" + d.error().hint + ")";
          },
          ""))
      ->type_name("DURATION");
  collect->add_option("--dev", options.dev, "Only this netdev or RDMA device (and what pairs with it)")->type_name("NAME");
  return collect;
}

int run_collect(const GlobalOptions& global, const CollectOptions& options) {
  const auto interval = parse_duration(options.interval);
  if (!interval) return report_error(interval.error(), kExitInputError);
  catch_stop_signals();

  std::unique_ptr<tune::System> system;  // --host: samples from it, waits on its clock
  if (!global.host.empty()) {
    auto opened = open_system(global.host, global.sysfs_root);
    if (!opened) return report_error(opened.error(), kExitInputError);
    system = std::move(*opened);
  }
  captures::Bundle bundle;
  bundle.tool_version = ROCE_DOCTOR_VERSION;
  auto next = std::chrono::steady_clock::now();
  for (unsigned i = 0; i < options.samples && !stop_requested(); ++i) {
    if (i > 0 && system) system->wait(*interval);
    else if (i > 0) sleep_until(next);
    if (stop_requested()) break;
    auto host = system ? (options.dev.empty() ? system->sample() : filter_host(system->sample(), options.dev)) : sources::collect_host({global.sysfs_root, options.dev});
    // The next sample is due an interval after this one's own stamp (CLOCK_MONOTONIC, as
    // steady_clock), so consecutive samples are never closer than the interval.
    next = system ? std::chrono::steady_clock::now() + *interval
                  : std::chrono::steady_clock::time_point(std::chrono::nanoseconds(host.monotonic_ns)) + *interval;
    if (!options.dev.empty() && host_is_empty(host))
      return report_error({"no netdev or RDMA device named \"" + options.dev + "\"", ""}, kExitInputError);
    bundle.samples.push_back(std::move(host));
  }
  if (bundle.samples.empty()) return kExitInterrupted;
  bundle.created_unix_ms = bundle.samples.back().time_unix_ms;
  if (auto written = captures::write_bundle_file(options.output, bundle); !written)
    return report_error(written.error(), kExitRuntimeError);
  std::fprintf(stderr, "roce-doctor: wrote %s (%zu sample%s)%s\n", options.output.c_str(), bundle.samples.size(),
               bundle.samples.size() == 1 ? "" : "s", stop_requested() ? ", interrupted" : "");
  return stop_requested() ? kExitInterrupted : kExitHealthy;
}

}  // namespace roce::cli
