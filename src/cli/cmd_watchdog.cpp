// roce-doctor __watchdog: the hidden dead-man process of tune --apply.
#include "cli/cmd_watchdog.hpp"

#include <memory>

#include "apply/watchdog.hpp"
#include "judge/open_system.hpp"

namespace roce::cli {

void add_watchdog_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<WatchdogOptions>();
  CLI::App* cmd = app.add_subcommand("__watchdog", "internal: the dead-man process of tune --apply");
  cmd->group("");  // hidden from --help
  cmd->add_option("--journal", options->journal, "The apply journal to restore")->required();
  cmd->add_option("--deadline", options->deadline_unix_ms, "Restore at this time (Unix ms)")->required();
  cmd->callback([&global, &exit_code, options] { exit_code = run_watchdog_command(global, *options); });
}

int run_watchdog_command(const GlobalOptions& global, const WatchdogOptions& options) {
  const std::string sysfs_root = global.system.sysfs_root;
  return apply::run_watchdog(options.journal, options.deadline_unix_ms,
                             [&](const std::string& spec) { return judge::open_system(spec, sysfs_root); });
}

}  // namespace roce::cli
