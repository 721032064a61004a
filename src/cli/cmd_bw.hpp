#pragma once
// roce-doctor bw FILE... [--from CAPTURE | --dev DEV] [--interval DURATION] [--profile NAME|FILE] [--json]
// Judges perftest and nccl-tests results against the line rate of the host they ran on (live, or
// a capture of it) and names the host's findings that explain a shortfall. Exit codes as `check`.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct BwOptions {
  std::vector<std::string> files;
  std::string from;
  std::string dev;
  std::string interval = "0";
  std::string profile;
  bool json = false;
};

/// Adds `bw`; once parsed, it runs and leaves its exit code in exit_code.
void add_bw_command(CLI::App& app, const GlobalOptions& global, int& exit_code);
int run_bw(const GlobalOptions& global, const BwOptions& options);

}  // namespace roce::cli
