#pragma once
// roce-doctor __watchdog --journal FILE --deadline UNIX_MS: hidden. The dead-man process that
// `tune --apply` spawns before its first write (src/apply/watchdog.hpp); it restores the journal
// if the applier dies or misses the deadline.
#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct WatchdogOptions {
  std::string journal;
  std::int64_t deadline_unix_ms = 0;
};

/// Adds the hidden `__watchdog`; once parsed, it runs and leaves its exit code in exit_code.
void add_watchdog_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_watchdog_command(const GlobalOptions& global, const WatchdogOptions& options);

}  // namespace roce::cli
