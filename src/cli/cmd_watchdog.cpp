#include "cli/cmd_watchdog.hpp"

#include "apply/watchdog.hpp"
#include "cli/host_source.hpp"

namespace roce::cli {

CLI::App* add_watchdog_command(CLI::App& app, WatchdogOptions& options) {
  CLI::App* cmd = app.add_subcommand("__watchdog", "internal: the dead-man process of tune --apply");
  cmd->group("");  // hidden from --help
  cmd->add_option("--journal", options.journal, "The apply journal to restore")->required();
  cmd->add_option("--deadline", options.deadline_unix_ms, "Restore at this time (Unix ms)")->required();
  return cmd;
}

int run_watchdog_command(const GlobalOptions& global, const WatchdogOptions& options) {
  const std::string sysfs_root = global.sysfs_root;
  return apply::run_watchdog(options.journal, options.deadline_unix_ms,
                             [&](const std::string& spec) { return open_system(spec, sysfs_root); });
}

}  // namespace roce::cli
