#pragma once
// roce-doctor estimate --size SIZE (--rate RATE | --busbw GBPS) [--collective NAME --ranks N]
//                      [--algo ring|tree] [--within DURATION] [--json]
// How long a transfer or a collective takes at a link rate or a measured busbw, or (--within) the
// rate a deadline needs. Pure arithmetic: physics/estimate.hpp.
#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

/// Adds `estimate`; once parsed, it runs and leaves its exit code in exit_code.
void add_estimate_command(CLI::App& app, GlobalOptions& global, int& exit_code);

}  // namespace roce::cli
