#pragma once
// roce-doctor show [--dev NAME] [--json] [--from FILE]: one host's RDMA and network state.
#include <string>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct ShowOptions {
  std::string dev;
  bool json = false;
  std::string from;
};

CLI::App* add_show_command(CLI::App& app, ShowOptions& options);
int run_show(const GlobalOptions& global, const ShowOptions& options);

}  // namespace roce::cli
