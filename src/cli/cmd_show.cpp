// roce-doctor show: the host (live, --host or --from) rendered as text or its JSON document.
#include "cli/cmd_show.hpp"

#include <cstdio>
#include <memory>

#include "captures/bundle.hpp"
#include "cli/input.hpp"
#include "report/show_text.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

// --evidence on a host whose values cite no kept line says why nothing is quoted.
std::string evidence_note(const Input& input, const ShowOptions& options) {
  if (!options.evidence || !input.raw_lines.empty()) return {};
  return input.system ? "evidence: none (a live or simulated host is read from the kernel, not from text lines)\n"
                      : "evidence: none (this capture keeps no raw lines: only imported sos reports, "
                        "sysinfo-snapshots and folders of command outputs do)\n";
}

}  // namespace

void add_show_command(CLI::App& app, const GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<ShowOptions>();
  auto* show = app.add_subcommand("show", "Show RDMA devices, ports and netdevs with DCB, ECN and headline counters");
  show->add_option("--dev", options->dev, "Only this netdev or RDMA device (and what pairs with it)")
      ->type_name("NAME");
  show->add_flag("--json", options->json, "Print the host as JSON (the bundle's Host document)");
  show->add_flag("--verbose", options->verbose,
                 "Print every missing value with its whole cause in place (default: \"n/a (REASON)\", missing "
                 "lines grouped after the known ones)");
  show->add_flag("--evidence", options->evidence,
                 "Quote under each device, port and netdev the capture lines its values were read from "
                 "(FILE:LINE \"text\"); with --json, the document's \"raw_lines\"");
  show->add_option("--from", options->from, "Read a bundle written by `collect` (its last sample) instead of this host")
      ->type_name("FILE");
  show->callback([&global, &exit_code, options] { exit_code = run_show(global, *options); });
}

int run_show(const GlobalOptions& global, const ShowOptions& options) {
  InputRequest request;
  if (!options.from.empty()) request.captures = {options.from};
  request.dev = options.dev;
  auto input = read_input(global, request);
  if (!input) return input.report();
  // The text view opens with which sample of which capture it shows.
  const std::string n = std::to_string(input->capture_samples);
  const std::string origin = input->system ? "" : "bundle " + options.from + ": sample " + n + " of " + n + "\n";
  const report::Style style{stdout_wants_colour(), options.verbose, stdout_wrap_width(),
                            options.evidence ? &input->raw_lines : nullptr};
  const std::string text =
      options.json ? captures::write_host_text(input->now, options.evidence ? input->raw_lines : model::RawLines{})
                   : origin + evidence_note(*input, options) + report::render_show_text(input->now, style);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitHealthy : kExitRuntimeError;
}

}  // namespace roce::cli
