#pragma once
// roce-doctor fleet PATH... | - [--json] [-o FILE.html] [--profile NAME|FILE]
// Many hosts' captures (bundles, recordings, capture folders and archives, `check --json` outputs;
// folders and tar archives of them; `-` reads a list of paths from stdin) each judged as `check
// --from` judges one, then compared: each finding with the hosts that have it, settings that drift
// from the majority of hosts with the same NIC model, ports that pause far more than their peers.
// A host that cannot be read is listed with its error. Exit codes: fleet::FleetReport::exit_code.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct FleetOptions {
  std::vector<std::string> paths;
  std::vector<std::string> switch_exports;  // --switch: judged with every host, joined per cable
  std::string profile;
  std::string html_out;
  bool json = false;
};

/// Adds `fleet`; once parsed, it runs and leaves its exit code in exit_code.
void add_fleet_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_fleet(const GlobalOptions& global, const FleetOptions& options);

}  // namespace roce::cli
