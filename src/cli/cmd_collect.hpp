#pragma once
// roce-doctor collect -o FILE [--samples N --interval DURATION] [--dev NAME]: write a bundle.
#include <chrono>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct CollectOptions {
  std::string output;
  unsigned samples = 1;
  std::string interval = "1s";
  std::string dev;
};

/// Adds `collect`; once parsed, it runs and leaves its exit code in exit_code.
void add_collect_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_collect(const GlobalOptions& global, const CollectOptions& options);

}  // namespace roce::cli
