// roce-doctor fleet: many hosts judged one at a time, then compared.
#include "cli/cmd_fleet.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>

#include "checks/registry.hpp"
#include "cli/input.hpp"
#include "engine/context.hpp"
#include "engine/runner.hpp"
#include "fleet/check_json_read.hpp"
#include "fleet/fleet.hpp"
#include "fleet/host_paths.hpp"
#include "fleet/render.hpp"
#include "import/import_folder.hpp"
#include "report/check_run.hpp"
#include "switch/load_exports.hpp"
#include "util/exit_codes.hpp"
#include "util/read_file.hpp"

namespace roce::cli {
namespace {

// The file's first bytes, enough to tell a `check --json` output from a bundle.
std::string file_head(const std::string& path) {
  auto head = util::read_file_head(path, 64);
  return head ? std::move(*head) : std::string();
}

Expected<fleet::HostSummary> read_check_json_file(const std::string& path) {
  auto text = util::read_file(path);
  if (!text) return fail(std::move(text.error()));
  return fleet::read_check_json(*text, path);
}

Outcome write_html_file(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return fail("cannot write " + path + ": " + std::strerror(errno), "", errno);
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !ok) return fail("cannot write " + path + ": " + std::strerror(errno), "", errno);
  return done();
}

}  // namespace

Expected<fleet::HostSummary> judge_capture(const GlobalOptions& global, const std::string& path,
                                           const std::string& label, const profile::Profile& profile,
                                           const std::vector<std::string>& switch_exports) {
  std::error_code ec;
  if (std::filesystem::is_regular_file(path, ec) && fleet::looks_like_check_json(file_head(path))) {
    auto summary = read_check_json_file(path);
    if (summary && summary->name.empty()) summary->name = label;
    return summary;
  }
  InputRequest request;
  request.captures = {path};
  request.switch_exports = switch_exports;
  auto input = read_input(global, request);
  if (!input) return fail(input.error());
  // As `check` does: an imported folder holding no RoCE state is an input error, not a host.
  const model::Host& host = input->now_as_read();
  const bool imported = host.from.source == "sos" || host.from.source == "sysinfo" || host.from.source == "folder";
  if (imported && !import::holds_roce_data(host))
    return fail(label + ": nothing to judge: no RDMA device and no netdev's DCB, trust, ECN or RED state",
                "is it a capture of a host with RDMA devices?");
  const model::Host* before = input->before ? &*input->before : nullptr;
  const engine::Context ctx(input->now, before, before ? input->dt : 0, profile, &input->observations);
  report::CheckRun run;
  run.results = checks::run_checks(ctx);
  run.ranked = engine::ranked_findings(checks::all_checks(), run.results);
  const std::string name = input->now.hostname.empty() ? label : input->now.hostname;
  return fleet::summarize(name, ctx, run.ranked, report::exit_code_of(run));
}

void add_fleet_command(CLI::App& app, const GlobalOptions& global, int& exit_code) {
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
  fleet
      ->add_option("--profile", options->profile,
                   "Desired state every host is judged against: a profile NAME or a TOML FILE; default the "
                   "built-in roce-lossless")
      ->type_name("NAME|FILE");
  fleet
      ->add_option("--switch", options->switch_exports,
                   "Switch exports (as check --switch: SONiC config_db.json, CLI tables, Cumulus NVUE views, or a "
                   "folder of one switch's files), joined to every host's ports; the report lists each cable "
                   "with its XSW findings")
      ->type_name("EXPORT");
  fleet->add_option("-o,--output", options->html_out, "Also write the report as one HTML file")->type_name("FILE");
  fleet->add_flag("--json", options->json, "Print the report as JSON (schema_version 1)");
  fleet->callback([&global, &exit_code, options] { exit_code = run_fleet(global, *options); });
}

int run_fleet(const GlobalOptions& global, const FleetOptions& options) {
  const auto profile = load_profile_option(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);
  if (!options.switch_exports.empty())  // read once up front: a bad export is the command's error, not each host's
    if (auto side = switches::read_switch_exports(options.switch_exports); !side)
      return report_error(side.error(), kExitInputError);
  fleet::Fleet fleet;
  const auto judge = [&](const std::string& path, const std::string& label) {
    auto summary = judge_capture(global, path, label, *profile, options.switch_exports);
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
      fleet::for_each_host(path, judge, unreadable);
      continue;
    }
    for (std::string line; std::getline(std::cin, line);) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) fleet::for_each_host(line, judge, unreadable);
    }
  }
  const fleet::FleetReport report = fleet.report();
  if (!options.html_out.empty())
    if (auto w = write_html_file(options.html_out, fleet::render_html(report)); !w)
      return report_error(w.error(), kExitRuntimeError);
  const std::string text = options.json ? fleet::render_json(report) : fleet::render_text(report);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return report.exit_code();
}

}  // namespace roce::cli
