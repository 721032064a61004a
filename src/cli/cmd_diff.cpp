#include "cli/cmd_diff.hpp"

#include <cstdio>

#include "diff/diff.hpp"
#include "diff/render.hpp"
#include "import/load_capture.hpp"
#include "util/exit_codes.hpp"
#include "util/expected.hpp"

namespace roce::cli {
namespace {

struct LastSample {
  model::Host host;
  std::string label;  // "FILE, sample 2 of 2 (the last)"
};

Expected<LastSample> last_sample(const std::string& path) {
  auto bundle = captures::load_capture(path);
  if (!bundle) return fail(bundle.error());
  if (bundle->samples.empty()) return fail("capture " + path + " holds no sample");
  const std::string n = std::to_string(bundle->samples.size());
  return LastSample{bundle->samples.back(), path + ", sample " + n + " of " + n + " (the last)"};
}

}  // namespace

CLI::App* add_diff_command(CLI::App& app, DiffOptions& options) {
  auto* diff = app.add_subcommand(
      "diff", "Configuration differences between two captures (the last sample of each), and counter deltas "
              "and rates when both are of one host; exit 0 same configuration, 1 differences");
  diff->add_option("A", options.a, "First capture: a bundle, a folder of command outputs, an sos report")
      ->required()
      ->type_name("A");
  diff->add_option("B", options.b, "Second capture")->required()->type_name("B");
  diff->add_option("--dev", options.dev, "Only this netdev or RDMA device (and what pairs with it)")->type_name("NAME");
  diff->add_option("--top", options.top, "Counters shown, lossless-relevant first (default 20)")->type_name("N");
  diff->add_flag("--all", options.all, "Show every counter that changed");
  diff->add_flag("--json", options.json, "Print the differences as JSON (schema_version 1)");
  return diff;
}

int run_diff(const GlobalOptions&, const DiffOptions& options) {
  auto a = last_sample(options.a);
  if (!a) return report_error(a.error(), kExitInputError);
  auto b = last_sample(options.b);
  if (!b) return report_error(b.error(), kExitInputError);
  if (!options.dev.empty()) {
    a->host = filter_host(a->host, options.dev);
    b->host = filter_host(b->host, options.dev);
    if (host_is_empty(a->host) && host_is_empty(b->host))
      return report_error({"no netdev or RDMA device " + options.dev + " in " + options.a + " or " + options.b,
                           "`roce-doctor show --from FILE` lists the devices of a capture"},
                          kExitInputError);
  }
  const diff::Diff d = diff::diff_hosts(a->host, b->host);
  const diff::RenderOptions render{a->label, b->label, options.top, options.all};
  const std::string text = options.json ? diff::render_json(d, render) : diff::render_text(d, render);
  std::fwrite(text.data(), 1, text.size(), stdout);
  return d.has_config_differences() ? kExitWarnings : kExitHealthy;
}

}  // namespace roce::cli
