#include "cli/cmd_tune.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "apply/apply.hpp"
#include "checks/registry.hpp"
#include "cli/duration.hpp"
#include "cli/host_source.hpp"
#include "cli/profile_lookup.hpp"
#include "import/load_capture.hpp"
#include "profile/load.hpp"
#include "tune/plan.hpp"
#include "tune/render.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

Expected<profile::Profile> tune_profile(const std::string& name_or_file) {
  if (name_or_file.empty()) return profile::default_profile();
  auto path = resolve_profile(name_or_file);
  if (!path) return fail(path.error());
  return profile::load_profile(*path, checks::threshold_catalog());
}

std::string state_dir_of(const TuneOptions& options) {
  if (!options.state_dir.empty()) return options.state_dir;
  if (const char* env = std::getenv("ROCE_DOCTOR_STATE_DIR"); env && *env) return env;
  return "/var/lib/roce-doctor";
}

std::string host_spec(const GlobalOptions& global) { return global.host.empty() ? "live" : global.host; }

apply::SystemFactory factory_for(const GlobalOptions& global) {
  return [root = global.sysfs_root](const std::string& spec) { return open_system(spec, root); };
}

// Asked once before disruptive changes when --yes was not given; only on a terminal.
bool confirm_on_terminal(std::string_view prompt) {
  if (!isatty(STDIN_FILENO)) return false;
  std::cerr << prompt << " [y/N] " << std::flush;
  std::string answer;
  std::getline(std::cin, answer);
  return answer == "y" || answer == "Y" || answer == "yes";
}

int exit_code_of(apply::ApplyOutcome outcome) {
  switch (outcome) {
    case apply::ApplyOutcome::kept:
    case apply::ApplyOutcome::nothing_to_do:
    case apply::ApplyOutcome::dry_run:
      return kExitHealthy;
    case apply::ApplyOutcome::rolled_back: return kExitWarnings;
    case apply::ApplyOutcome::refused: return kExitInputError;
    case apply::ApplyOutcome::failed: return kExitRuntimeError;
  }
  return kExitRuntimeError;
}

int run_rollback(const GlobalOptions& global, const TuneOptions& options) {
  // An apply that died half-way is finished first: its journal, not the last kept one, is current.
  auto recovered = apply::recover_unfinished(factory_for(global), state_dir_of(options), std::cerr);
  if (!recovered) return report_error(std::move(recovered.error()).context("unfinished tune journal"), kExitRuntimeError);
  const auto result = apply::rollback_last(factory_for(global), state_dir_of(options), std::cout, options.force);
  std::cout << "tune --rollback: " << apply::to_string(result.outcome) << ": " << result.reason << "\n";
  return result.outcome == apply::ApplyOutcome::rolled_back || result.outcome == apply::ApplyOutcome::nothing_to_do
             ? kExitHealthy
             : exit_code_of(result.outcome);
}

}  // namespace

CLI::App* add_tune_command(CLI::App& app, TuneOptions& options) {
  auto* tune = app.add_subcommand("tune", "Plan the changes that make this host match a profile (dry run: changes "
                                          "nothing); exit 0 nothing to change, 1 changes proposed");
  tune->add_option("--dev", options.dev, "Only this netdev (or the netdevs of this RDMA device)")->type_name("NAME");
  tune->add_option("--profile", options.profile,
                   "Desired state: a profile NAME or a TOML FILE; default the built-in roce-lossless")
      ->type_name("NAME|FILE");
  tune->add_option("--from", options.from,
                   "Plan for a captured host: a bundle written by `collect`, a folder of command outputs or "
                   "a sos report (its last sample)")
      ->type_name("CAPTURE");
  tune->add_flag("--json", options.json, "Print the plan as JSON (schema_version 1)");
  tune->add_flag("--apply", options.apply,
                 "Apply the plan: journal, watchdog, write and read back, keep only if the lossless drop rate "
                 "fell over the trial window, else restore");
  tune->add_flag("--rollback", options.rollback, "Restore the state before the last kept --apply");
  tune->add_flag("--yes,-y", options.yes, "With --apply: accept disruptive changes (link flaps) without asking");
  tune->add_flag("--force", options.force, "With --apply: even though an LLDP/DCBX agent owns the DCB configuration; with --rollback: even though objects changed since the apply");
  tune->add_option("--baseline", options.baseline, "With --apply: the window measured before the change (default 10s)")
      ->type_name("DURATION");
  tune->add_option("--trial", options.trial, "With --apply: the window measured after the change (default 10s)")
      ->type_name("DURATION");
  tune->add_option("--state-dir", options.state_dir,
                   "Lock, journal and tune.log; default $ROCE_DOCTOR_STATE_DIR, else /var/lib/roce-doctor")
      ->type_name("DIR");
  return tune;
}

int run_tune(const GlobalOptions& global, const TuneOptions& options) {
  if ((options.apply || options.rollback) && !options.from.empty())
    return report_error({"--apply and --rollback change a host; --from is a capture", "drop --from"}, kExitInputError);
  if (options.apply && options.rollback)
    return report_error({"--apply and --rollback together", "give one"}, kExitInputError);
  if ((options.apply || options.rollback) && options.json)
    return report_error({"--json is for the dry run's plan", "drop --json"}, kExitInputError);
  if (options.rollback) return run_rollback(global, options);

  const auto profile = tune_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);
  auto baseline = parse_duration(options.baseline);
  auto trial = parse_duration(options.trial);
  if (!baseline || !trial) return report_error(!baseline ? baseline.error() : trial.error(), kExitInputError);

  model::Host host;
  std::string origin;
  std::unique_ptr<tune::System> system;
  if (!options.from.empty()) {
    auto capture = captures::load_capture(options.from);
    if (!capture) return report_error(capture.error(), kExitInputError);
    if (capture->samples.empty()) return report_error({"capture " + options.from + " holds no sample", ""}, kExitInputError);
    host = capture->samples.back();
    origin = "from " + options.from;
  } else {
    // An apply that died before it finished is restored before anything is read or planned.
    auto recovered = apply::recover_unfinished(factory_for(global), state_dir_of(options), std::cerr);
    if (!recovered) {
      const int err = recovered.error().sys_errno < 0 ? -recovered.error().sys_errno : recovered.error().sys_errno;
      // A dry run by a user who may not read root's state directory still plans; an apply may not.
      if (options.apply || (err != EACCES && err != EPERM))
        return report_error(std::move(recovered.error()).context("unfinished tune journal"), kExitRuntimeError);
      std::fprintf(stderr, "roce-doctor: warning: cannot look for an unfinished tune journal: %s\n",
                   recovered.error().message.c_str());
    }
    auto opened = open_system(host_spec(global), global.sysfs_root);
    if (!opened) return report_error(opened.error(), kExitInputError);
    system = std::move(*opened);
    host = system->sample();
    origin = system->name() == "live" ? "live" : system->name();
    if (options.dev.empty() && host_is_empty(host))
      return report_error({"could not read any netdev or RDMA device on this host",
                           host.notes.empty() ? "" : host.notes.front().message},
                          kExitRuntimeError);
  }
  if (!options.dev.empty()) {
    host = filter_host(host, options.dev);
    if (host_is_empty(host))
      return report_error({"no netdev or RDMA device named \"" + options.dev + "\"", "see `roce-doctor show` for the names"},
                          kExitInputError);
  }

  const tune::Plan plan = tune::make_plan(host, *profile, {});
  const tune::RenderContext context{origin, profile->name + (profile->file.empty() ? " (built-in)" : " (" + profile->file + ")"),
                                    options.apply};
  const std::string text = options.json ? tune::render_plan_json(plan, context) : tune::render_plan_text(plan, context);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  if (!options.apply) return plan.empty() ? kExitHealthy : kExitWarnings;
  if (plan.empty()) return kExitHealthy;

  apply::ApplyOptions apply_options;
  apply_options.state_dir = state_dir_of(options);
  apply_options.baseline = *baseline;
  apply_options.trial = *trial;
  apply_options.force = options.force;
  apply_options.yes = options.yes;
  apply_options.confirm = confirm_on_terminal;
  apply_options.watchdog_command = {"/proc/self/exe", "__watchdog"};
  if (!global.sysfs_root.empty())
    apply_options.watchdog_command.insert(apply_options.watchdog_command.begin() + 1, {"--sysfs-root", global.sysfs_root});
  apply_options.profile = *profile;
  std::cout << "\n";
  const auto result = apply::apply_plan(*system, plan.changes, apply_options, std::cout);
  std::cout << "tune --apply: " << apply::to_string(result.outcome) << ": " << result.reason << "\n";
  return exit_code_of(result.outcome);
}

}  // namespace roce::cli
