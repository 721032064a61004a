#pragma once
// roce-doctor tune [--dev NAME] [--profile NAME|FILE] [--from CAPTURE] [--json] [--switch EXPORT...]
//                  [--apply [--yes] [--force] [--baseline D] [--trial D]] [--rollback] [--state-dir DIR]
// Dry run (default): plans the changes that make this host (or a captured one) match the profile
// and prints them as a diff and as the equivalent dcb/tc/ip/sysfs commands. Changes nothing.
// Exit 0 nothing to change, 1 changes proposed, 3 usage/input error, 4 environment error.
// --apply (src/apply/apply.hpp): exit 0 kept (or nothing to change), 1 rolled back because the
// trial did not show fewer drops, 3 refused before any write, 4 failed (restored).
// --rollback: restores the last kept apply; exit 0 restored, 4 failed.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct TuneOptions {
  std::string dev;
  std::string profile;
  std::string from;
  bool json = false;
  bool apply = false;
  bool rollback = false;
  bool yes = false;
  bool force = false;
  std::string baseline = "10s";
  std::string trial = "10s";
  std::string state_dir;                    // empty: $ROCE_DOCTOR_STATE_DIR, else /var/lib/roce-doctor
  std::vector<std::string> switch_exports;  // --switch: plan the switch side too (printed, never applied)
};

/// Adds `tune`; once parsed, it runs and leaves its exit code in exit_code.
void add_tune_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_tune(const GlobalOptions& global, const TuneOptions& options);

}  // namespace roce::cli
