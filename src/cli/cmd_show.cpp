#include "cli/cmd_show.hpp"

#include <cstdio>

#include "captures/bundle.hpp"
#include "cli/host_source.hpp"
#include "import/load_capture.hpp"
#include "report/show_text.hpp"
#include "sources/linux_host.hpp"
#include "util/exit_codes.hpp"

namespace roce::cli {

CLI::App* add_show_command(CLI::App& app, ShowOptions& options) {
  auto* show = app.add_subcommand("show", "Show RDMA devices, ports and netdevs with DCB, ECN and headline counters");
  show->add_option("--dev", options.dev, "Only this netdev or RDMA device (and what pairs with it)")->type_name("NAME");
  show->add_flag("--json", options.json, "Print the host as JSON (the bundle's Host document)");
  show->add_option("--from", options.from, "Read a bundle written by `collect` (its last sample) instead of this host")
      ->type_name("FILE");
  return show;
}

int run_show(const GlobalOptions& global, const ShowOptions& options) {
  model::Host host;
  std::string origin;  // which sample of which bundle, for the text view
  if (!options.from.empty()) {
    auto bundle = captures::load_capture(options.from);
    if (!bundle) return report_error(bundle.error(), kExitInputError);
    host = bundle->samples.back();
    origin = "bundle " + options.from + ": sample " + std::to_string(bundle->samples.size()) + " of " +
             std::to_string(bundle->samples.size()) + "\n";
  } else if (!global.host.empty()) {
    auto system = open_system(global.host, global.sysfs_root);
    if (!system) return report_error(system.error(), kExitInputError);
    host = (*system)->sample();
  } else {
    host = sources::collect_host({global.sysfs_root, options.dev});
  }
  if (!options.dev.empty()) {
    host = filter_host(host, options.dev);
    if (host_is_empty(host))
      return report_error({"no netdev or RDMA device named \"" + options.dev + "\"", "see `roce-doctor show` for the names"},
                          kExitInputError);
  }
  const std::string text = options.json ? captures::write_host_text(host)
                                        : origin + report::render_show_text(host, report::Style{stdout_wants_colour()});
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitHealthy : kExitRuntimeError;
}

}  // namespace roce::cli
