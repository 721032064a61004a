#pragma once
// roce-doctor nccl LOG... [--from CAPTURE] [--profile NAME|FILE] [--json] [--verbose]
// Reads a job's NCCL logs (files, gzip'd files, "-" for stdin), summarises what NCCL used per host
// and process, and judges it with the catalog, against the host of a capture when --from gives one.
// Exit codes as `check`; 3 also for a log without a single NCCL line.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct NcclOptions {
  std::vector<std::string> logs;
  std::string from;
  std::string profile;
  bool json = false;
  bool verbose = false;
};

/// Adds `nccl`; once parsed, it runs and leaves its exit code in exit_code.
void add_nccl_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_nccl(const GlobalOptions& global, const NcclOptions& options);

}  // namespace roce::cli
