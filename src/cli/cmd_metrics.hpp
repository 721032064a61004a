#pragma once
// roce-doctor metrics [--textfile DIR] [--dev NAME] [--interval DURATION] [--from CAPTURE]
//                     [--profile NAME|FILE]
// One sweep (read and judge the host) as Prometheus metrics, on stdout or written atomically for
// node_exporter's textfile collector; exit 0 written, 3 usage/input, 4 environment error.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct MetricsOptions {
  std::string textfile;  // directory of node_exporter's textfile collector; empty: stdout
  std::string dev;
  std::string interval = "1s";
  std::vector<std::string> from;
  std::string profile;
};

/// Adds `metrics`; once parsed, it runs and leaves its exit code in exit_code.
void add_metrics_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_metrics(const GlobalOptions& global, const MetricsOptions& options);

}  // namespace roce::cli
