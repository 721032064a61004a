#pragma once
// roce-doctor checks: the catalog of checks (ID, severity, title, inputs, profile keys,
// thresholds with defaults, what each one does). man/roce-doctor-checks.7 is written from the same
// metadata.
#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

/// Adds `checks`; once parsed, it runs and leaves its exit code in exit_code.
void add_checks_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_checks_command(bool json = false);

}  // namespace roce::cli
