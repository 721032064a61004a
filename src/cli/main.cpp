// roce-doctor: parse the command line, run one subcommand, map the outcome to an exit code
// (util/exit_codes.hpp). Exceptions from CLI11 end here; the core does not throw, except
// std::bad_alloc from an input too large for this host's memory, which ends here too (exit 4).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <new>
#include <string>

#include "cli/cmd_bw.hpp"
#include "cli/cmd_check.hpp"
#include "cli/cmd_checks.hpp"
#include "cli/cmd_collect.hpp"
#include "cli/cmd_diff.hpp"
#include "cli/cmd_estimate.hpp"
#include "cli/cmd_fleet.hpp"
#include "cli/cmd_metrics.hpp"
#include "cli/cmd_nccl.hpp"
#include "cli/cmd_record.hpp"
#include "cli/cmd_report.hpp"
#include "cli/cmd_serve.hpp"
#include "cli/cmd_show.hpp"
#include "cli/cmd_storm.hpp"
#include "cli/cmd_sweep.hpp"
#include "cli/cmd_topo.hpp"
#include "cli/cmd_tune.hpp"
#include "cli/cmd_watchdog.hpp"
#include "cli/completion.hpp"
#include "cli/options.hpp"
#include "cli/version.hpp"
#include "util/exit_codes.hpp"
#include "util/read_file.hpp"
#include "util/stop_signals.hpp"

namespace {

// The command line, to say what was being read when memory ran out.
std::string command_line(int argc, char** argv) {
  std::string line = "roce-doctor";
  for (int i = 1; i < argc; ++i) line += std::string(" ") + argv[i];
  return line;
}

}  // namespace

int main(int argc, char** argv) {
  roce::process::handle_stop_signals();  // before any thread: they inherit its signal mask
  using namespace roce::cli;
  CLI::App app{"roce-doctor: diagnose and tune RoCEv2 lossless networks on Linux hosts", "roce-doctor"};
  app.set_version_flag("--version", version_text);
  app.require_subcommand(1);
  app.fallthrough();  // global options may also follow the subcommand: `show --sysfs-root DIR`

  GlobalOptions global;
  add_system_options(app, global);

  // Each subcommand registers its options and a callback that runs it once the whole command line
  // parsed; the callback leaves the exit code here. In --help order; __watchdog and completion are hidden.
  int exit_code = roce::kExitInputError;
  for (auto add : {add_show_command, add_collect_command, add_check_command, add_checks_command, add_record_command,
                   add_diff_command, add_tune_command, add_watchdog_command, add_report_command, add_bw_command,
                   add_nccl_command, add_topo_command, add_estimate_command, add_metrics_command, add_serve_command,
                   add_fleet_command, add_sweep_command, add_storm_command, add_completion_command})
    add(app, global, exit_code);

  if (auto limits = roce::util::limits_from_environment(); !limits) {
    std::fprintf(stderr, "roce-doctor: %s\nhint: %s\n", limits.error().message.c_str(), limits.error().hint.c_str());
    return roce::kExitInputError;
  }
  try {
    app.parse(argc, argv);
  } catch (const std::bad_alloc& e) {
    // A reader that knew its file says which (util::OutOfMemoryReading); else the command line does.
    const bool named = dynamic_cast<const roce::util::OutOfMemoryReading*>(&e) != nullptr;
    std::fprintf(stderr,
                 "roce-doctor: %s running `%s`\nhint: an input is larger than this host's memory holds; see "
                 "README \"Limits\" (ROCE_DOCTOR_MAX_INPUT_BYTES and the other caps)\n",
                 named ? e.what() : "out of memory", command_line(argc, argv).c_str());
    return roce::kExitRuntimeError;
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, version or the error
    if (code == 0) return roce::kExitHealthy;
    if (asks_for_json(argc, argv))  // CLI11 printed the error on stderr; --json also gets it on stdout
      print_error_json({e.what(), "see `roce-doctor --help` and `roce-doctor COMMAND --help`"}, roce::kExitInputError);
    return roce::kExitInputError;
  }
  return exit_code;
}
