#pragma once
// roce-doctor check [--dev NAME] [--interval DURATION] [--from CAPTURE [--from CAPTURE [--dt DURATION]]]
//                   [--switch EXPORT...] [--profile NAME|FILE] [--only IDS] [--skip IDS] [--json]
// Judges one host against a profile, live (two samples --interval apart) or from bundles, and
// exits 0 healthy, 1 warnings, 2 critical, 3 usage/input error, 4 environment error.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct CheckOptions {
  std::string dev;
  std::string interval = "5s";
  std::vector<std::string> from;
  double dt = 0;  // seconds between two --from captures; 0: from their own clocks
  std::string profile;
  std::vector<std::string> only, skip;
  std::vector<std::string> switch_exports;  // --switch
  std::string switch_name;                  // --switch-name: the switch the exports name not
  bool json = false;
};

/// Adds `check`; once parsed, it runs and leaves its exit code in exit_code.
void add_check_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_check(const GlobalOptions& global, const CheckOptions& options);

}  // namespace roce::cli
