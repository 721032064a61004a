#include "cli/cmd_tune.hpp"

#include <cstdio>

#include "captures/import/load_capture.hpp"
#include "checks/registry.hpp"
#include "cli/profile_lookup.hpp"
#include "profile/load.hpp"
#include "sources/linux_host.hpp"
#include "tune/plan.hpp"
#include "tune/render.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {
namespace {

Expected<profile::Profile> tune_profile(const std::string& name_or_file) {
  if (name_or_file.empty()) return profile::default_profile();
  auto path = resolve_profile(name_or_file);
  if (!path) return fail(path.error());
  return profile::load_profile(*path, checks::threshold_catalog());
}

}  // namespace

CLI::App* add_tune_command(CLI::App& app, TuneOptions& options) {
  auto* tune = app.add_subcommand("tune", "Plan the changes that make this host match a profile (dry run: changes "
                                          "nothing); exit 0 nothing to change, 1 changes proposed");
  tune->add_option("--dev", options.dev, "Only this netdev (or the netdevs of this RDMA device)")->type_name("NAME");
  tune->add_option("--profile", options.profile,
                   "Desired state: a profile NAME or a TOML FILE; default the built-in roce-lossless")
      ->type_name("NAME|FILE");
  tune->add_option("--from", options.from,
                   "Plan for a captured host: a bundle written by `collect`, a folder of command outputs or "
                   "a sos report (its last sample)")
      ->type_name("CAPTURE");
  tune->add_flag("--json", options.json, "Print the plan as JSON (schema_version 1)");
  return tune;
}

int run_tune(const GlobalOptions& global, const TuneOptions& options) {
  const auto profile = tune_profile(options.profile);
  if (!profile) return report_error(profile.error(), kExitInputError);

  model::Host host;
  std::string origin;
  if (!options.from.empty()) {
    auto capture = captures::load_capture(options.from);
    if (!capture) return report_error(capture.error(), kExitInputError);
    if (capture->samples.empty()) return report_error({"capture " + options.from + " holds no sample", ""}, kExitInputError);
    host = capture->samples.back();
    origin = "from " + options.from;
  } else {
    host = sources::collect_host({global.sysfs_root, options.dev});
    origin = "live";
    if (options.dev.empty() && host_is_empty(host))
      return report_error({"could not read any netdev or RDMA device on this host",
                           host.notes.empty() ? "" : host.notes.front().message},
                          kExitRuntimeError);
  }
  if (!options.dev.empty()) {
    host = filter_host(host, options.dev);
    if (host_is_empty(host))
      return report_error({"no netdev or RDMA device named \"" + options.dev + "\"", "see `roce-doctor show` for the names"},
                          kExitInputError);
  }

  const tune::Plan plan = tune::make_plan(host, *profile, {});
  const tune::RenderContext context{origin, profile->name + (profile->file.empty() ? " (built-in)" : " (" + profile->file + ")")};
  const std::string text = options.json ? tune::render_plan_json(plan, context) : tune::render_plan_text(plan, context);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (std::fflush(stdout) != 0) return kExitRuntimeError;
  return plan.empty() ? kExitHealthy : kExitWarnings;
}

}  // namespace roce::cli
