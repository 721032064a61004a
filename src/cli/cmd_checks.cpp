// roce-doctor checks: prints the check catalog.
#include "cli/cmd_checks.hpp"

#include <cstdio>

#include "checks/registry.hpp"
#include "engine/catalog.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {

void add_checks_command(CLI::App& app, GlobalOptions&, int& exit_code) {
  app.add_subcommand("checks", "List every check: ID, severity, title, inputs, profile keys and thresholds")
      ->callback([&exit_code] { exit_code = run_checks_command(); });
}

int run_checks_command() {
  const std::string text = engine::render_catalog(checks::all_checks());
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitHealthy : kExitRuntimeError;
}

}  // namespace roce::cli
