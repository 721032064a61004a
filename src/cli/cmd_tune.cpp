// roce-doctor tune: plans (and with --apply writes) the changes that make a host match a profile.
#include "cli/cmd_tune.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "apply/apply.hpp"
#include "apply/log.hpp"
#include "cli/duration.hpp"
#include "cli/options.hpp"
#include "judge/judge.hpp"
#include "tune/plan.hpp"
#include "tune/render.hpp"
#include "tune/switch_plan.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

std::string state_dir_of(const TuneOptions& options) {
  if (!options.state_dir.empty()) return options.state_dir;
  if (const char* env = std::getenv("ROCE_DOCTOR_STATE_DIR"); env && *env) return env;
  return "/var/lib/roce-doctor";
}

apply::SystemFactory factory_for(const GlobalOptions& global) {
  return [root = global.system.sysfs_root](const std::string& spec) { return judge::open_system(spec, root); };
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
    case apply::ApplyOutcome::dry_run: return kExitHealthy;
    case apply::ApplyOutcome::rolled_back: return kExitWarnings;
    case apply::ApplyOutcome::refused: return kExitInputError;
    case apply::ApplyOutcome::failed: return kExitRuntimeError;
  }
  return kExitRuntimeError;
}

int run_rollback(const GlobalOptions& global, const TuneOptions& options) {
  if (auto logged = apply::check_log_writable(state_dir_of(options)); !logged)
    return report_error(logged.error(), kExitInputError);
  // An apply that died half-way is finished first: its journal, not the last kept one, is current.
  auto recovered = apply::recover_unfinished(factory_for(global), state_dir_of(options), std::cerr);
  if (!recovered)
    return report_error(std::move(recovered.error()).context("unfinished tune journal"), kExitRuntimeError);
  const auto result = apply::rollback_last(factory_for(global), state_dir_of(options), std::cout, options.force);
  std::cout << "tune --rollback: " << apply::to_string(result.outcome) << ": " << result.reason << "\n";
  return result.outcome == apply::ApplyOutcome::rolled_back || result.outcome == apply::ApplyOutcome::nothing_to_do
             ? kExitHealthy
             : exit_code_of(result.outcome);
}

// Looks at the state directory before the host is read, and returns 0 or the exit code. An apply,
// rollback or watchdog restore in progress stops a dry run and an apply alike (exit 3, naming who
// holds the lock): the host is being changed. An unfinished journal nobody restores stops a dry
// run (exit 3: it writes nothing, so it leaves the journal alone and plans nothing on a host left
// half-way); --apply restores it first, once tune.log is known writable.
int look_before_reading(const GlobalOptions& global, const TuneOptions& options) {
  const std::string state_dir = state_dir_of(options);
  // A dry run by a user who may not read root's state directory still plans; an apply may not.
  const auto cannot_look = [&](Error error) {
    const int err = error.sys_errno < 0 ? -error.sys_errno : error.sys_errno;
    if (options.apply || (err != EACCES && err != EPERM))
      return report_error(std::move(error).context("tune state " + state_dir), kExitRuntimeError, options.json);
    std::fprintf(stderr, "roce-doctor: warning: cannot look for an apply in progress or an unfinished journal: %s\n",
                 error.message.c_str());
    return 0;
  };
  auto busy = apply::apply_in_progress(state_dir);
  if (!busy) return cannot_look(std::move(busy.error()));
  if (*busy) return report_error(**busy, kExitInputError, options.json);
  if (!options.apply) {
    auto unfinished = apply::unfinished_journal(state_dir);
    if (!unfinished) return cannot_look(std::move(unfinished.error()));
    if (*unfinished) return report_error(**unfinished, kExitInputError, options.json);
    return 0;
  }
  if (auto logged = apply::check_log_writable(state_dir); !logged) return report_error(logged.error(), kExitInputError);
  auto recovered = apply::recover_unfinished(factory_for(global), state_dir, std::cerr);
  if (!recovered)
    return report_error(std::move(recovered.error()).context("unfinished tune journal"), kExitRuntimeError);
  return 0;
}

// --apply's settings: the two windows, the state directory, how to confirm, the watchdog's command.
Expected<apply::ApplyOptions> apply_options_of(const GlobalOptions& global, const TuneOptions& options,
                                               const profile::Profile& profile) {
  auto baseline = parse_window(options.baseline);
  auto trial = parse_window(options.trial);
  if (!baseline || !trial) return fail(!baseline ? baseline.error() : trial.error());
  // A baseline without a trial is never compared: waiting for it would only delay the apply.
  if (trial->count() > 0 && baseline->count() == 0)
    return fail(
        Error{"--baseline 0 leaves the trial window nothing to compare with", "give --baseline 10s, or --trial 0"});
  apply::ApplyOptions a;
  a.state_dir = state_dir_of(options);
  a.baseline = *baseline;
  a.trial = *trial;
  a.force = options.force;
  a.yes = options.yes;
  a.confirm = confirm_on_terminal;
  a.watchdog_command = {"/proc/self/exe", "__watchdog"};
  if (!global.system.sysfs_root.empty())
    a.watchdog_command.insert(a.watchdog_command.begin() + 1, {"--sysfs-root", global.system.sysfs_root});
  a.profile = profile;
  return a;
}

// --apply: the plan written through the system it was read from, kept only if the trial shows
// fewer drops.
int apply_and_report(system::System& system, const tune::Plan& plan, const apply::ApplyOptions& apply_options) {
  std::cout << "\n";
  const auto result = apply::apply_plan(system, plan.changes, apply_options, std::cout);
  std::cout << "tune --apply: " << apply::to_string(result.outcome) << ": " << result.reason << "\n";
  return exit_code_of(result.outcome);
}

}  // namespace

void add_tune_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<TuneOptions>();
  auto* tune = app.add_subcommand("tune",
                                  "Plan the changes that make this host match a profile (dry run: writes "
                                  "nothing; an apply in progress, or one that did not finish, is reported "
                                  "instead of a plan, exit 3); exit 0 nothing to change, 1 changes proposed");
  add_system_options(*tune, global);
  add_dev_option(*tune, options->dev);
  add_profile_option(*tune, options->profile);
  add_from_option(*tune, options->from, "the plan is made for its last sample (a dry run only)");
  add_json_flag(*tune, options->json, "the plan");
  add_switch_option(*tune, options->switch_exports,
                    "also plan their side (dry run, printed as SONiC `config apply-patch` JSON Patches and "
                    "`config` commands)");
  tune->add_flag("--apply", options->apply,
                 "Apply the plan: restore first what an apply that did not finish left, then journal, "
                 "watchdog, write and read back, keep only if the lossless drop rate fell over the trial "
                 "window, else restore; every step is logged in STATE_DIR/tune.log (refused, exit 3, when "
                 "it cannot be written)");
  tune->add_flag("--rollback", options->rollback, "Restore the state before the last kept --apply");
  tune->add_flag("--yes,-y", options->yes, "With --apply: accept disruptive changes (link flaps) without asking");
  tune->add_flag("--force", options->force,
                 "With --apply: even though an LLDP/DCBX agent owns the DCB configuration; with --rollback: even "
                 "though objects changed since the apply");
  tune->add_option("--baseline", options->baseline,
                   "With --apply: the window measured before the change: seconds, or 10s, 1m (default 10s; none "
                   "with --trial 0)")
      ->type_name("DURATION");
  tune->add_option("--trial", options->trial,
                   "With --apply: the window measured after the change: seconds, or 10s, 1m (default 10s); 0: no "
                   "window, keep what reads back (boot-time apply of a proven profile)")
      ->type_name("DURATION");
  tune->add_option("--state-dir", options->state_dir,
                   "Lock, journal and tune.log; default $ROCE_DOCTOR_STATE_DIR, else /var/lib/roce-doctor")
      ->type_name("DIR");
  tune->callback([&global, &exit_code, options] { exit_code = run_tune(global, *options); });
}

int run_tune(const GlobalOptions& global, const TuneOptions& options) {
  if ((options.apply || options.rollback) && !options.from.empty())
    return report_error({"--apply and --rollback change a host; --from is a capture", "drop --from"}, kExitInputError);
  if (options.apply && options.rollback)
    return report_error({"--apply and --rollback together", "give one"}, kExitInputError);
  if ((options.apply || options.rollback) && options.json)
    return report_error({"--json is for the dry run's plan", "drop --json"}, kExitInputError);
  if (!options.switch_exports.empty() && (options.apply || options.rollback || options.json))
    return report_error({"--switch plans the switch side as text to paste on the switch; it is never applied",
                         "drop --apply, --rollback and --json, or drop --switch"},
                        kExitInputError);
  if (options.rollback) return run_rollback(global, options);

  const auto profile = judge::load_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);
  const auto apply_options = apply_options_of(global, options, *profile);
  if (!apply_options) return report_error(apply_options.error(), kExitInputError);
  if (options.from.empty())
    if (int stopped = look_before_reading(global, options)) return stopped;
  judge::InputRequest request = input_request(global);
  if (!options.from.empty()) request.captures = {options.from};
  request.dev = options.dev;
  request.require_devices = true;
  request.read_whole_host = true;  // the apply that follows measures the whole host
  request.switch_exports = options.switch_exports;
  auto input = judge::read_input(request);
  if (!input) return report_error(input);

  const tune::Plan plan = tune::make_plan(input->now, *profile, {});
  const std::string origin = input->system ? input->system->name() : "from " + options.from;
  const tune::RenderContext context{origin, judge::profile_label(*profile), options.apply};
  const std::string text = options.json ? tune::render_plan_json(plan, context) : tune::render_plan_text(plan, context);
  std::fwrite(text.data(), 1, text.size(), stdout);
  bool switch_changes = false;
  if (!options.switch_exports.empty()) {
    judge::Input configuration;  // the switch side is judged on the configuration alone
    configuration.now = input->now;
    configuration.observations = input->observations;
    const report::CheckRun run = judge::judge(configuration, *profile, {tune::switch_checks()});
    const auto side = tune::switch_plan(run.ranked, run.results);
    std::fwrite(side.text.data(), 1, side.text.size(), stdout);
    switch_changes = !side.empty;
  }
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  if (!options.apply && switch_changes) return kExitWarnings;
  if (!options.apply) return !plan.empty() ? kExitWarnings : plan.ports.empty() ? kExitNothingJudged : kExitHealthy;
  if (plan.ports.empty()) return kExitNothingJudged;
  if (plan.empty()) return kExitHealthy;
  return apply_and_report(*input->system, plan, *apply_options);
}

}  // namespace roce::cli
