#pragma once
// roce-doctor tune [--dev NAME] [--profile NAME|FILE] [--from CAPTURE] [--json]
// Dry run: plans the changes that make this host (or a captured one) match the profile and prints
// them as a diff and as the equivalent dcb/tc/ip/sysfs commands. Changes nothing.
// Exit 0 nothing to change, 1 changes proposed, 3 usage/input error, 4 environment error.
#include <string>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct TuneOptions {
  std::string dev;
  std::string profile;
  std::string from;
  bool json = false;
};

CLI::App* add_tune_command(CLI::App& app, TuneOptions& options);
int run_tune(const GlobalOptions& global, const TuneOptions& options);

}  // namespace roce::cli
