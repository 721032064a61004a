// roce-doctor: parse the command line, run one subcommand, map the outcome to an exit code
// (util/exit_codes.hpp). Exceptions from CLI11 end here; the core does not throw.
#include <CLI/CLI.hpp>

#include "cli/cmd_check.hpp"
#include "cli/cmd_checks.hpp"
#include "cli/cmd_collect.hpp"
#include "cli/cmd_record.hpp"
#include "cli/cmd_diff.hpp"
#include "cli/cmd_report.hpp"
#include "cli/cmd_show.hpp"
#include "cli/cmd_tune.hpp"
#include "cli/cmd_watchdog.hpp"
#include "cli/completion.hpp"
#include "cli/version.hpp"
#include "util/exit_codes.hpp"

int main(int argc, char** argv) {
  using namespace roce::cli;
  CLI::App app{"roce-doctor: diagnose and tune RoCEv2 lossless networks on Linux hosts", "roce-doctor"};
  app.set_version_flag("--version", version_text);
  app.require_subcommand(1);
  app.fallthrough();  // global options may also follow the subcommand: `show --sysfs-root DIR`

  GlobalOptions global;
  app.add_option("--sysfs-root", global.sysfs_root,
                 "Read sysfs under DIR instead of /sys (a copied tree: only sysfs is read); "
                 "default $ROCE_DOCTOR_SYSFS_ROOT, else /sys")
      ->type_name("DIR");
  app.add_option("--host", global.host,
                 "The host to read: live (this kernel) or sim:FILE.toml (a simulated host, examples/sim/)")
      ->type_name("SPEC");

  ShowOptions show;
  CollectOptions collect;
  CLI::App* show_cmd = add_show_command(app, show);
  CLI::App* collect_cmd = add_collect_command(app, collect);
  CheckOptions check;
  CLI::App* check_cmd = add_check_command(app, check);
  CLI::App* checks_cmd = add_checks_command(app);
  RecordOptions record;
  CLI::App* record_cmd = add_record_command(app, record);
  DiffOptions diff;
  CLI::App* diff_cmd = add_diff_command(app, diff);
  TuneOptions tune;
  CLI::App* tune_cmd = add_tune_command(app, tune);
  WatchdogOptions watchdog;  // hidden: the dead-man process of tune --apply
  CLI::App* watchdog_cmd = add_watchdog_command(app, watchdog);
  ReportOptions report;
  CLI::App* report_cmd = add_report_command(app, report);
  CompletionOptions completion;  // hidden: prints the completion scripts and their value lists
  CLI::App* completion_cmd = add_completion_command(app, completion);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, version or the error
    return code == 0 ? roce::kExitHealthy : roce::kExitInputError;
  }
  if (*show_cmd) return run_show(global, show);
  if (*diff_cmd) return run_diff(global, diff);
  if (*collect_cmd) return run_collect(global, collect);
  if (*check_cmd) return run_check(global, check);
  if (*checks_cmd) return run_checks_command();
  if (*record_cmd) return run_record(global, record);
  if (*tune_cmd) return run_tune(global, tune);
  if (*watchdog_cmd) return run_watchdog_command(global, watchdog);
  if (*report_cmd) return run_report(global, report);
  if (*completion_cmd) return run_completion(app, global, completion);
  return roce::kExitInputError;
}
