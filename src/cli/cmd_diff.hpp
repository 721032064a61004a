#pragma once
// roce-doctor diff A B [--dev NAME] [--all | --top N] [--json]
// Configuration differences between the last sample of capture A and the last sample of capture B
// (any capture `check --from` reads), and for two captures of one host the counters that changed,
// with deltas and rates. Exits 0 when the configuration is the same, 1 when it differs, 3 on an
// input error.
#include <cstddef>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct DiffOptions {
  std::string a, b;
  std::string dev;
  std::size_t top = 20;
  bool all = false;
  bool json = false;
};

/// Adds `diff`; once parsed, it runs and leaves its exit code in exit_code.
void add_diff_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_diff(const GlobalOptions& global, const DiffOptions& options);

}  // namespace roce::cli
