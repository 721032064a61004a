// roce-doctor show: the host (live, --host or --from) rendered as text or its JSON document.
#include "cli/cmd_show.hpp"

#include <cstdio>
#include <memory>

#include "captures/bundle.hpp"
#include "cli/options.hpp"
#include "judge/input.hpp"
#include "report/show_text.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

// --evidence on a host whose values cite no kept line says why nothing is quoted.
std::string evidence_note(const judge::Input& input, const ShowOptions& options) {
  if (!options.evidence || !input.raw_lines.empty()) return {};
  return input.system ? "evidence: none (a live or simulated host is read from the kernel, not from text lines)\n"
                      : "evidence: none (this capture keeps no raw lines: only imported sos reports, "
                        "sysinfo-snapshots and folders of command outputs do)\n";
}

// "bundle F: sample 3 of 3" (the last); an imported capture has one sample, named by its kind.
std::string capture_heading(const judge::Input& input, const std::string& path) {
  const std::string& source = input.now.from.source;
  if (source == "sos") return "sos report " + path + "\n";
  if (source == "sysinfo") return "sysinfo-snapshot " + path + "\n";
  if (source == "folder") return "folder of command outputs " + path + "\n";
  const std::string n = std::to_string(input.capture_samples);
  return "bundle " + path + ": sample " + n + " of " + n + "\n";
}

}  // namespace

void add_show_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<ShowOptions>();
  auto* show = app.add_subcommand("show", "Show RDMA devices, ports and netdevs with DCB, ECN and headline counters");
  add_system_options(*show, global);
  add_dev_option(*show, options->dev);
  add_json_flag(*show, options->json, "the host (the bundle's Host document)");
  show->add_flag("--verbose", options->verbose,
                 "Print every missing value with its whole cause in place (default: \"n/a (REASON)\", missing "
                 "lines grouped after the known ones)");
  show->add_flag("--evidence", options->evidence,
                 "Quote under each device, port and netdev the capture lines its values were read from "
                 "(FILE:LINE \"text\"); with --json, the document's \"raw_lines\"");
  add_from_option(*show, options->from, "its last sample is shown");
  show->callback([&global, &exit_code, options] { exit_code = run_show(global, *options); });
}

int run_show(const GlobalOptions& global, const ShowOptions& options) {
  judge::InputRequest request = input_request(global);
  if (!options.from.empty()) request.captures = {options.from};
  request.dev = options.dev;
  auto input = judge::read_input(request);
  if (!input) return report_error(input);
  // The text view opens with which sample of which capture it shows.
  const std::string origin = input->system ? "" : capture_heading(*input, options.from);
  const report::Style style{stdout_wants_colour(), options.verbose, stdout_wrap_width(),
                            options.evidence ? &input->raw_lines : nullptr};
  const std::string text =
      options.json ? captures::write_host_text(input->now, options.evidence ? input->raw_lines : model::RawLines{})
                   : origin + evidence_note(*input, options) + report::render_show_text(input->now, style);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitHealthy : kExitRuntimeError;
}

}  // namespace roce::cli
