#pragma once
// roce-doctor show [--dev NAME] [--json] [--verbose] [--evidence] [--from FILE]: one host's RDMA and
// network state.
#include <string>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct ShowOptions {
  std::string dev;
  bool json = false;
  bool verbose = false;
  bool evidence = false;  // quote the capture lines the values cite
  std::string from;
};

/// Adds `show`; once parsed, it runs and leaves its exit code in exit_code.
void add_show_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_show(const GlobalOptions& global, const ShowOptions& options);

}  // namespace roce::cli
