// roce-doctor fleet: many hosts judged one at a time, then compared.
#include "cli/cmd_fleet.hpp"

#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/options.hpp"
#include "fleet/fleet.hpp"
#include "fleet/judge_host.hpp"
#include "fleet/render.hpp"
#include "import/host_paths.hpp"
#include "judge/judge.hpp"
#include "switch/load_exports.hpp"
#include "util/atomic_write.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {

void add_fleet_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<FleetOptions>();
  auto* fleet = app.add_subcommand(
      "fleet",
      "Judge many hosts' captures and compare them: findings with the hosts that have them, settings that "
      "drift from the majority of hosts with the same NIC model, ports pausing far more than their peers; "
      "exit 0 healthy, 1 warnings or differences, 2 a critical finding on some host");
  fleet
      ->add_option("PATH", options->paths,
                   "Captures (bundles, recordings, `check --json` outputs, capture folders or archives), folders "
                   "or tar archives of them; - reads paths from stdin, one per line")
      ->required()
      ->type_name("PATH");
  add_profile_option(*fleet, options->profile, "every host is judged against it");
  add_switch_option(*fleet, options->switch_exports,
                    "joined to every host's ports; the report lists each cable with its XSW findings");
  fleet->add_option("-o,--output", options->html_out, "Also write the report as one HTML file")->type_name("FILE");
  add_json_flag(*fleet, options->json, "the report");
  fleet->callback([&global, &exit_code, options] { exit_code = run_fleet(global, *options); });
}

int run_fleet(const GlobalOptions& global, const FleetOptions& options) {
  const auto profile = judge::load_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);
  if (!options.switch_exports.empty())  // read once up front: a bad export is the command's error, not each host's
    if (auto side = switches::read_switch_exports(options.switch_exports); !side)
      return report_error(side.error(), kExitInputError);
  fleet::Fleet fleet;
  const auto judge = [&](const std::string& path, const std::string& label) {
    auto summary = fleet::judge_host(global.system, path, label, *profile, options.switch_exports);
    if (summary)
      fleet.add(*summary);
    else
      fleet.add_error({label, summary.error().message, summary.error().hint});
  };
  const auto unreadable = [&](const std::string& label, const Error& error) {
    fleet.add_error({label, error.message, error.hint});
  };
  for (const auto& path : options.paths) {
    if (path != "-") {
      import::for_each_host(path, judge, unreadable);
      continue;
    }
    for (std::string line; std::getline(std::cin, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) import::for_each_host(line, judge, unreadable);
    }
  }
  const fleet::FleetReport report = fleet.report();
  if (!options.html_out.empty())
    if (auto w = util::write_file_atomically(options.html_out, fleet::render_html(report)); !w)
      return report_error(w.error(), kExitRuntimeError);
  const std::string text = options.json ? fleet::render_json(report) : fleet::render_text(report);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return report.exit_code();
}

}  // namespace roce::cli
