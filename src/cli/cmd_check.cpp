// roce-doctor check: judges one host (live, --host or captures) against a profile.
#include "cli/cmd_check.hpp"

#include <chrono>
#include <cstdio>
#include <memory>

#include "checks/registry.hpp"
#include "cli/duration.hpp"
#include "cli/input.hpp"
#include "engine/context.hpp"
#include "engine/runner.hpp"
#include "import/capture_names.hpp"
#include "import/import_folder.hpp"
#include "report/check_json.hpp"
#include "report/check_text.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

Expected<std::chrono::milliseconds> parse_interval(const std::string& text) {
  if (text == "0") return std::chrono::milliseconds{0};
  return parse_duration(text);
}

// An sos report, sysinfo-snapshot or folder of command outputs (a bundle says what its host had).
bool is_imported(const model::Host& host) {
  return host.from.source == "sos" || host.from.source == "sysinfo" || host.from.source == "folder";
}

}  // namespace

void add_check_command(CLI::App& app, const GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  auto* check = app.add_subcommand("check",
                                   "Judge this host (or a bundle) against a profile: ranked findings with "
                                   "evidence and fixes; exit 0 healthy, 1 warnings, 2 critical, 5 nothing could be "
                                   "judged");
  check->add_option("--dev", options->dev, "Only this netdev or RDMA device (and what pairs with it)")
      ->type_name("NAME");
  check
      ->add_option("--interval", options->interval,
                   "Live: time between the two samples for rate checks: seconds, or 500ms, 1m (default 5s; 0: "
                   "configuration only)")
      ->type_name("DURATION");
  check
      ->add_option("--from", options->from,
                   "Judge a capture instead of this host: a bundle written by `collect` (its first and last "
                   "samples), an sos report, a sysinfo-snapshot, a folder of command outputs, or a tar archive "
                   "of one; twice: two captures of the same host, for rates")
      ->type_name("CAPTURE")
      ->expected(1)
      ->take_all();
  check
      ->add_option_function<std::string>(
          "--dt",
          [options](const std::string& text) {
            options->dt = static_cast<double>(parse_duration(text)->count()) / 1000;
          },
          "With two --from captures: the time between them (the earlier given first): seconds, or 500ms, "
          "2m; overrides their clocks; needed when a capture has no clock")
      ->type_name("DURATION")
      ->check(CLI::Validator(
          [](std::string& text) {
            auto d = parse_duration(text);
            return d ? std::string() : d.error().message + " (" + d.error().hint + ")";
          },
          ""));
  check
      ->add_option("--profile", options->profile,
                   "Desired state: a profile NAME (roce-lossless, roce-lossless-pcp, ...) or a TOML FILE; "
                   "default the built-in roce-lossless")
      ->type_name("NAME|FILE");
  check
      ->add_option("--switch", options->switch_exports,
                   "The switches at the other end of the host's cables, judged with it (XSW-* checks): a SONiC "
                   "config_db.json or tech-support dump/CONFIG_DB.json, `show lldp table`, `show pfcwd stats`, "
                   "or a folder of one switch's files; cables are joined by LLDP, the host MAC or /31 addresses")
      ->type_name("EXPORT")
      ->take_all();
  check->add_option("--only", options->only, "Run only these check IDs (comma-separated)")
      ->delimiter(',')
      ->type_name("IDS");
  check->add_option("--skip", options->skip, "Do not run these check IDs (comma-separated)")
      ->delimiter(',')
      ->type_name("IDS");
  check->add_flag("--json", options->json, "Print the result as JSON (schema_version 1)");
  check->callback([&global, &exit_code, options] { exit_code = run_check(global, *options); });
}

int run_check(const GlobalOptions& global, const CheckOptions& options) {
  // On stderr always; with --json also as a JSON error object on stdout.
  const auto fail = [&](const Error& error, int exit_code) {
    if (options.json) print_error_json(error, exit_code);
    return report_error(error, exit_code);
  };
  const auto interval = parse_interval(options.interval);
  if (!interval) return fail(interval.error(), kExitInputError);
  const engine::Selection selection{options.only, options.skip};
  if (auto valid = engine::validate(checks::all_checks(), selection); !valid)
    return fail(valid.error(), kExitInputError);
  const auto profile = load_profile_option(options.profile);
  if (!profile) return fail(profile.error(), kExitInputError);
  InputRequest request;
  request.captures = options.from;
  request.dt = options.dt;
  request.dev = options.dev;
  request.interval = *interval;
  request.require_devices = true;
  request.switch_exports = options.switch_exports;
  auto input = read_input(global, request);
  if (!input) return fail(input.error(), input.exit_code());
  if (const model::Host& host = input->now_as_read(); is_imported(host) && !import::holds_roce_data(host))
    return fail({host.from.locator +
                     ": nothing to judge in this capture: no RDMA device and no netdev's DCB, "
                     "trust, ECN or RED state; looked for " +
                     import::looked_for_names(),
                 "is it a capture of a host with RDMA devices?"},
                kExitInputError);

  const model::Host* before = input->before ? &*input->before : nullptr;
  const double dt = before ? input->dt : 0;
  const engine::Context ctx(input->now, before, dt, *profile, &input->observations);
  report::CheckRun run;
  run.hostname = input->now.hostname;
  // The verdict describes the host, whatever --dev narrows the judged ports to.
  run.hardware = report::describe_hardware(input->now_as_read());
  run.origin = input->origin;
  run.profile = profile_label(*profile);
  run.interval_s = ctx.has_rates() ? dt : 0;
  run.has_rdma = !input->now_as_read().rdma_devices.empty();
  for (const auto& p : ctx.ports()) run.ports.push_back(p.subject().to_string());
  run.results = checks::run_checks(ctx, selection);
  run.ranked = engine::ranked_findings(checks::all_checks(), run.results);
  run.raw_lines = std::move(input->raw_lines);
  if (!run.raw_lines.empty()) run.counter_sets = report::counter_sets_of(input->now);

  const std::string text = options.json ? report::render_check_json(run)
                                        : report::render_check_text(run, report::Style{stdout_wants_colour()});
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return report::exit_code_of(run);
}

}  // namespace roce::cli
