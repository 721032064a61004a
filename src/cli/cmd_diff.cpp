// roce-doctor diff: configuration and counter differences between two captures.
#include "cli/cmd_diff.hpp"

#include <cstdio>
#include <memory>

#include "cli/options.hpp"
#include "diff/diff.hpp"
#include "diff/render.hpp"
#include "judge/input.hpp"
#include "model/host_filter.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

// "FILE, sample 2 of 2 (the last)"
std::string last_sample_label(const std::string& path, const judge::Input& in) {
  const std::string n = std::to_string(in.capture_samples);
  return path + ", sample " + n + " of " + n + " (the last)";
}

}  // namespace

void add_diff_command(CLI::App& app, GlobalOptions& global, int& exit_code) {
  auto options = std::make_shared<DiffOptions>();
  auto* diff =
      app.add_subcommand("diff",
                         "Configuration differences between two captures (the last sample of each), and counter deltas "
                         "and rates when both are of one host; exit 0 same configuration, 1 differences");
  diff->add_option("A", options->a, "First capture: a bundle, a folder of command outputs, an sos report")
      ->required()
      ->type_name("A");
  diff->add_option("B", options->b, "Second capture")->required()->type_name("B");
  add_dev_option(*diff, options->dev);
  diff->add_option("--top", options->top, "Counters shown, lossless-relevant first (default 20)")->type_name("N");
  diff->add_flag("--all", options->all, "Show every counter that changed");
  add_json_flag(*diff, options->json, "the differences");
  diff->callback([&global, &exit_code, options] { exit_code = run_diff(global, *options); });
}

int run_diff(const GlobalOptions& global, const DiffOptions& options) {
  judge::InputRequest first = input_request(global), second = input_request(global);
  first.captures = {options.a};
  second.captures = {options.b};
  auto a = judge::read_input(first);
  if (!a) return report_error(a);
  auto b = judge::read_input(second);
  if (!b) return report_error(b);
  // A device in one capture only is a difference, not an error.
  if (!options.dev.empty()) {
    a->now = model::filter_host(a->now, options.dev);
    b->now = model::filter_host(b->now, options.dev);
    if (model::host_is_empty(a->now) && model::host_is_empty(b->now))
      return report_error(judge::no_device_error(options.dev, " in " + options.a + " or " + options.b,
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
