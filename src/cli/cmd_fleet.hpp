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
#include "fleet/host_summary.hpp"
#include "profile/profile.hpp"
#include "util/expected.hpp"

namespace roce::cli {

struct FleetOptions {
  std::vector<std::string> paths;
  std::vector<std::string> switch_exports;  // --switch: judged with every host, joined per cable
  std::string profile;
  std::string html_out;
  bool json = false;
};

/// Adds `fleet`; once parsed, it runs and leaves its exit code in exit_code.
void add_fleet_command(CLI::App& app, const GlobalOptions& global, int& exit_code);
int run_fleet(const GlobalOptions& global, const FleetOptions& options);

/// One host's capture (or `check --json` output) read through cli/input and judged by the whole
/// catalog, as its summary. `label` names the host when the capture carries no hostname. The
/// switch exports are joined to the host's ports (as `check --switch`); a `check --json` output
/// keeps the findings it has.
Expected<fleet::HostSummary> judge_capture(const GlobalOptions& global, const std::string& path,
                                           const std::string& label, const profile::Profile& profile,
                                           const std::vector<std::string>& switch_exports = {});

}  // namespace roce::cli
