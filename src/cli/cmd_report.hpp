#pragma once
// roce-doctor report PATH... [--since T] [--until T] [--window D] [--profile P] [--dev NAME]
//                            [-o report.html] [--json]
// Runs the checks over windows of one host's samples (bundles from `collect --samples N`, folders,
// archives; several PATHs of the same host merged in time order) and prints a timeline of the
// findings; -o writes a self-contained HTML report with plots. Exit codes as `check`.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct ReportOptions {
  std::vector<std::string> paths;
  std::string since, until;
  std::string window = "60s";
  std::string profile;
  std::string dev;
  std::string html_out;
  bool json = false;
};

/// Adds `report`; once parsed, it runs and leaves its exit code in exit_code.
void add_report_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_report(const GlobalOptions& global, const ReportOptions& options);

}  // namespace roce::cli
