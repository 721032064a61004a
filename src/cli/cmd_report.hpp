#pragma once
// roce-doctor report PATH... [--since T] [--until T] [--window D] [--profile P] [--dev NAME]
//                            [-o report.html] [--json]
// Runs the checks over windows of one host's samples (bundles from `collect --samples N`, folders,
// archives; several PATHs of the same host merged in time order) and prints a timeline of the
// findings; -o writes a self-contained HTML report with plots. Exit codes as `check`.
#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"
#include "util/expected.hpp"

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

// --since/--until: "2026-11-29T22:01:10Z" (or a space for T, seconds and Z optional; always UTC),
// "@1764453670" (Unix seconds), or "22:01[:10]": that time on the UTC day of the first sample.
struct TimeSpec {
  std::int64_t unix_ms = 0;  // absolute, or milliseconds into the day when time_of_day
  bool time_of_day = false;
  std::int64_t resolve(std::int64_t first_sample_ms) const;
};
Expected<TimeSpec> parse_time_spec(const std::string& text);

/// Adds `report`; once parsed, it runs and leaves its exit code in exit_code.
void add_report_command(CLI::App& app, const GlobalOptions& global, int& exit_code);
int run_report(const GlobalOptions& global, const ReportOptions& options);

}  // namespace roce::cli
