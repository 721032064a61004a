// roce-doctor diff: configuration and counter differences between two captures.
#include "cli/cmd_diff.hpp"

#include <cstdio>
#include <memory>

#include "cli/input.hpp"
#include "diff/diff.hpp"
#include "diff/render.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

// "FILE, sample 2 of 2 (the last)"
std::string last_sample_label(const std::string& path, const Input& in) {
  const std::string n = std::to_string(in.capture_samples);
  return path + ", sample " + n + " of " + n + " (the last)";
}

}  // namespace

void add_diff_command(CLI::App& app, const GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<DiffOptions>();
  auto* diff = app.add_subcommand(
      "diff", "Configuration differences between two captures (the last sample of each), and counter deltas "
              "and rates when both are of one host; exit 0 same configuration, 1 differences");
  diff->add_option("A", options->a, "First capture: a bundle, a folder of command outputs, an sos report")
      ->required()
      ->type_name("A");
  diff->add_option("B", options->b, "Second capture")->required()->type_name("B");
  diff->add_option("--dev", options->dev, "Only this netdev or RDMA device (and what pairs with it)")
      ->type_name("NAME");
  diff->add_option("--top", options->top, "Counters shown, lossless-relevant first (default 20)")->type_name("N");
  diff->add_flag("--all", options->all, "Show every counter that changed");
  diff->add_flag("--json", options->json, "Print the differences as JSON (schema_version 1)");
  diff->callback([&global, &exit_code, options] { exit_code = run_diff(global, *options); });
}

int run_diff(const GlobalOptions& global, const DiffOptions& options) {
  InputRequest first, second;
  first.captures = {options.a};
  second.captures = {options.b};
  auto a = read_input(global, first);
  if (!a) return a.report();
  auto b = read_input(global, second);
  if (!b) return b.report();
  // A device in one capture only is a difference, not an error.
  if (!options.dev.empty()) {
    a->now = filter_host(a->now, options.dev);
    b->now = filter_host(b->now, options.dev);
    if (host_is_empty(a->now) && host_is_empty(b->now))
      return report_error(no_device_error(options.dev, " in " + options.a + " or " + options.b,
                                          "`roce-doctor show --from FILE` lists the devices of a capture"),
                          kExitInputError);
  }
  const diff::Diff d = diff::diff_hosts(a->now, b->now);
  const diff::RenderOptions render{last_sample_label(options.a, *a), last_sample_label(options.b, *b), options.top,
                                   options.all};
  const std::string text = options.json ? diff::render_json(d, render) : diff::render_text(d, render);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return d.has_config_differences() ? kExitWarnings : kExitHealthy;
}

}  // namespace roce::cli
