#include "cli/cmd_check.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "captures/bundle.hpp"
#include "checks/registry.hpp"
#include "cli/duration.hpp"
#include "cli/host_source.hpp"
#include "cli/profile_lookup.hpp"
#include "engine/context.hpp"
#include "engine/runner.hpp"
#include "import/load_capture.hpp"
#include "profile/load.hpp"
#include "report/check_json.hpp"
#include "report/check_text.hpp"
#include "sources/linux_host.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

// The host now, optionally an earlier sample of it, and how the two were obtained.
struct Samples {
  model::Host now;
  std::optional<model::Host> before;
  std::string origin;
  double dt = 0;  // seconds from before to now; 0: no rates
};

std::string seconds_text(double s) { return s == static_cast<long long>(s) ? fmt::format("{:.0f} s", s) : fmt::format("{:.3g} s", s); }

Expected<std::chrono::milliseconds> parse_interval(const std::string& text) {
  if (text == "0") return std::chrono::milliseconds{0};
  return parse_duration(text);
}

// Bundles, or any capture load_capture reads (sos report, sysinfo-snapshot, folder, archive). Two
// captures give rates over the time between them: their own clocks (monotonic, then wall clock:
// bundle timestamps, `date`, the sos manifest), or `dt_given` when set.
Expected<Samples> samples_from_bundles(const std::vector<std::string>& files, double dt_given) {
  std::vector<captures::Bundle> bundles;
  for (const auto& file : files) {
    auto bundle = captures::load_capture(file);
    if (!bundle) return fail(bundle.error());
    if (bundle->samples.empty()) return fail("bundle " + file + " holds no sample");
    bundles.push_back(std::move(*bundle));
  }
  Samples s;
  if (bundles.size() == 1) {
    const auto& samples = bundles[0].samples;
    s.now = samples.back();
    const std::string n = std::to_string(samples.size());
    if (samples.size() == 1) {
      s.origin = "from bundle " + files[0] + ", 1 sample";
      return s;
    }
    s.before = samples.front();
    s.origin = "from bundle " + files[0] + ", samples 1 and " + n + " of " + n;
  } else {
    const model::Host& a = bundles[0].samples.back();
    const model::Host& b = bundles[1].samples.back();
    if (a.hostname != b.hostname)
      return fail("bundles " + files[0] + " and " + files[1] + " are of different hosts (\"" + a.hostname +
                      "\" and \"" + b.hostname + "\")",
                  "rates need two samples of the same host; give one --from to check each host alone");
    const bool in_order =
        dt_given > 0 || engine::seconds_between(a, b) > 0 || engine::seconds_between(b, a) == 0;
    s.before = in_order ? a : b;
    s.now = in_order ? b : a;
    s.origin = "from bundles " + files[in_order ? 0 : 1] + " and " + files[in_order ? 1 : 0];
  }
  const double clocks = engine::seconds_between(*s.before, s.now);
  s.dt = dt_given > 0 ? dt_given : clocks;
  if (dt_given > 0)
    s.origin += ", " + seconds_text(dt_given) + " apart (--dt)";
  else
    s.origin += clocks > 0 ? ", " + seconds_text(clocks) + " apart"
                           : ", no usable clocks: configuration only (give --dt SECONDS for rates)";
  return s;
}

Samples samples_live(const GlobalOptions& global, const CheckOptions& options, std::chrono::milliseconds interval) {
  const sources::CollectOptions collect{global.sysfs_root, options.dev};
  Samples s;
  if (interval.count() == 0) {
    s.now = sources::collect_host(collect);
    s.origin = "live, configuration only";
    return s;
  }
  if (isatty(STDERR_FILENO))
    std::fprintf(stderr, "sampling for %s (use --interval 0 for configuration only)\n",
                 seconds_text(static_cast<double>(interval.count()) / 1000).c_str());
  s.before = sources::collect_host(collect);
  std::this_thread::sleep_for(interval);
  s.now = sources::collect_host(collect);
  s.origin = "live, 2 samples " + seconds_text(engine::seconds_between(*s.before, s.now)) + " apart";
  return s;
}

// --host: two samples of that system, `interval` apart on its clock (a simulated host does not sleep).
Expected<Samples> samples_from_system(const GlobalOptions& global, std::chrono::milliseconds interval) {
  auto system = open_system(global.host, global.sysfs_root);
  if (!system) return fail(system.error());
  Samples s;
  if (interval.count() == 0) {
    s.now = (*system)->sample();
    s.origin = (*system)->name() + ", configuration only";
    return s;
  }
  s.before = (*system)->sample();
  (*system)->wait(interval);
  s.now = (*system)->sample();
  s.origin = (*system)->name() + ", 2 samples " + seconds_text(engine::seconds_between(*s.before, s.now)) + " apart";
  return s;
}

Expected<profile::Profile> load_selected_profile(const std::string& name_or_file) {
  if (name_or_file.empty()) return profile::default_profile();
  auto path = resolve_profile(name_or_file);
  if (!path) return fail(path.error());
  return profile::load_profile(*path, checks::threshold_catalog());
}

std::string profile_label(const profile::Profile& p) {
  return p.name + (p.file.empty() ? " (built-in)" : " (" + p.file + ")");
}

int exit_code_of(const report::Verdict& v) {
  return v.critical ? kExitCritical : v.warning ? kExitWarnings : kExitHealthy;
}

}  // namespace

CLI::App* add_check_command(CLI::App& app, CheckOptions& options) {
  auto* check = app.add_subcommand("check", "Judge this host (or a bundle) against a profile: ranked findings with "
                                            "evidence and fixes; exit 0 healthy, 1 warnings, 2 critical");
  check->add_option("--dev", options.dev, "Only this netdev or RDMA device (and what pairs with it)")->type_name("NAME");
  check->add_option("--interval", options.interval,
                    "Live: time between the two samples for rate checks (default 5s; 0: configuration only)")
      ->type_name("DURATION");
  check->add_option("--from", options.from,
                    "Judge a capture instead of this host: a bundle written by `collect` (its first and last "
                    "samples), an sos report, a sysinfo-snapshot, a folder of command outputs, or a tar archive "
                    "of one; twice: two captures of the same host, for rates")
      ->type_name("CAPTURE")
      ->expected(1)
      ->take_all();
  check->add_option("--dt", options.dt,
                    "With two --from captures: the seconds between them (the earlier given first), overriding "
                    "their clocks; needed when a capture has no clock")
      ->type_name("SECONDS")
      ->check(CLI::PositiveNumber);
  check->add_option("--profile", options.profile,
                    "Desired state: a profile NAME (roce-lossless, roce-lossless-pcp, ...) or a TOML FILE; "
                    "default the built-in roce-lossless")
      ->type_name("NAME|FILE");
  check->add_option("--only", options.only, "Run only these check IDs (comma-separated)")->delimiter(',')->type_name("IDS");
  check->add_option("--skip", options.skip, "Do not run these check IDs (comma-separated)")->delimiter(',')->type_name("IDS");
  check->add_flag("--json", options.json, "Print the result as JSON (schema_version 1)");
  return check;
}

int run_check(const GlobalOptions& global, const CheckOptions& options) {
  if (options.from.size() > 2)
    return report_error({"--from given " + std::to_string(options.from.size()) + " times", "give one bundle, or two of the same host"},
                        kExitInputError);
  const auto interval = parse_interval(options.interval);
  if (!interval) return report_error(interval.error(), kExitInputError);
  const engine::Selection selection{options.only, options.skip};
  if (auto valid = engine::validate(checks::all_checks(), selection); !valid)
    return report_error(valid.error(), kExitInputError);
  const auto profile = load_selected_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);

  Samples samples;
  if (!options.from.empty()) {
    if (options.dt > 0 && options.from.size() != 2)
      return report_error({"--dt gives the time between two captures", "give --from twice, the earlier first"},
                          kExitInputError);
    auto from = samples_from_bundles(options.from, options.dt);
    if (!from) return report_error(from.error(), kExitInputError);
    samples = std::move(*from);
  } else if (!global.host.empty()) {
    auto from = samples_from_system(global, *interval);
    if (!from) return report_error(from.error(), kExitInputError);
    samples = std::move(*from);
  } else {
    samples = samples_live(global, options, *interval);
    if (options.dev.empty() && host_is_empty(samples.now))
      return report_error({"could not read any netdev or RDMA device on this host",
                           samples.now.notes.empty() ? "" : samples.now.notes.front().message},
                          kExitRuntimeError);
  }
  // The verdict describes the host, whatever --dev narrows the judged ports to.
  const std::string hardware = report::describe_hardware(samples.now);
  const bool has_rdma = !samples.now.rdma_devices.empty();
  if (!options.dev.empty()) {
    samples.now = filter_host(samples.now, options.dev);
    if (samples.before) samples.before = filter_host(*samples.before, options.dev);
    if (host_is_empty(samples.now))
      return report_error({"no netdev or RDMA device named \"" + options.dev + "\"", "see `roce-doctor show` for the names"},
                          kExitInputError);
  }

  const model::Host* before = samples.before ? &*samples.before : nullptr;
  const double dt = before ? (samples.dt > 0 ? samples.dt : engine::seconds_between(*before, samples.now)) : 0;
  const engine::Context ctx(samples.now, before, dt, *profile);
  report::CheckRun run;
  run.hostname = samples.now.hostname;
  run.hardware = hardware;
  run.origin = samples.origin;
  run.profile = profile_label(*profile);
  run.interval_s = ctx.has_rates() ? dt : 0;
  run.has_rdma = has_rdma;
  for (const auto& p : ctx.ports()) run.ports.push_back(p.subject().to_string());
  run.results = checks::run_checks(ctx, selection);
  run.ranked = engine::ranked_findings(checks::all_checks(), run.results);

  const std::string text = options.json ? report::render_check_json(run)
                                        : report::render_check_text(run, report::Style{stdout_wants_colour()});
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return exit_code_of(report::verdict_of(run.ranked));
}

}  // namespace roce::cli
