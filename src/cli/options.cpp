// The shared options and their help texts.
#include "cli/options.hpp"

namespace roce::cli {
namespace {

constexpr std::string_view kCaptureKinds =
    "a bundle (collect), a recording (record), an sos report, an NVIDIA sysinfo-snapshot, a folder of command "
    "outputs, or a tar archive of one";

std::string with_clause(std::string_view text, std::string_view clause) {
  return clause.empty() ? std::string(text) : std::string(text) + "; " + std::string(clause);
}

}  // namespace

void add_system_options(CLI::App& command, GlobalOptions& global) {
  command
      .add_option("--sysfs-root", global.system.sysfs_root,
                  "Read sysfs under DIR instead of /sys (a copied tree: only sysfs is read); default "
                  "$ROCE_DOCTOR_SYSFS_ROOT, else /sys")
      ->type_name("DIR");
  command
      .add_option("--host", global.system.host,
                  "The host to read: live (this kernel) or sim:FILE.toml (a simulated host, examples/sim/)")
      ->type_name("SPEC");
}

CLI::Option* add_dev_option(CLI::App& command, std::string& dev) {
  return command.add_option("--dev", dev, "Only this netdev or RDMA device (and what pairs with it)")
      ->type_name("NAME");
}

CLI::Option* add_profile_option(CLI::App& command, std::string& profile, std::string_view clause) {
  return command
      .add_option("--profile", profile,
                  with_clause("Desired state: a profile NAME (roce-lossless, roce-lossless-pcp, ...) or a TOML FILE; "
                              "default the built-in roce-lossless",
                              clause))
      ->type_name("NAME|FILE");
}

CLI::Option* add_from_option(CLI::App& command, std::string& capture, std::string_view clause) {
  return command
      .add_option("--from", capture,
                  with_clause("Read a capture instead of this host: " + std::string(kCaptureKinds), clause))
      ->type_name("CAPTURE");
}

CLI::Option* add_from_option(CLI::App& command, std::vector<std::string>& captures, std::string_view clause) {
  return command
      .add_option("--from", captures,
                  with_clause("Read a capture instead of this host: " + std::string(kCaptureKinds) +
                                  "; twice: two captures of the same host, for rates",
                              clause))
      ->type_name("CAPTURE")
      ->expected(1)
      ->take_all();
}

CLI::Option* add_rate_interval_option(CLI::App& command, std::string& interval) {
  return command
      .add_option("--interval", interval,
                  "Time between the two samples the rate checks compare: seconds, or 500ms, 1m (default " + interval +
                      "; 0: one sample, configuration only)")
      ->type_name("DURATION");
}

CLI::Option* add_sample_interval_option(CLI::App& command, std::string& interval) {
  return command
      .add_option("--interval", interval, "Time between samples: seconds, or 100ms, 2s, 1m (default " + interval + ")")
      ->type_name("DURATION");
}

CLI::Option* add_switch_option(CLI::App& command, std::vector<std::string>& exports, std::string_view clause) {
  return command
      .add_option("--switch", exports,
                  with_clause("The switches at the other end of the host's cables: a SONiC config_db.json (or "
                              "tech-support dump/CONFIG_DB.json), its `show` tables, a `show techsupport` archive, "
                              "Cumulus NVUE views, or a folder of one switch's files; cables are joined by LLDP, "
                              "the host MAC or /31 addresses",
                              clause))
      ->type_name("EXPORT")
      ->take_all();
}

CLI::Option* add_switch_name_option(CLI::App& command, std::string& name) {
  return command
      .add_option("--switch-name", name,
                  "The name of the switch whose --switch outputs do not carry it (`show` outputs pasted without "
                  "their prompt line and without config_db.json, Cumulus views without a hostname file); "
                  "overrides the prompt, the hostname file and the folder's name")
      ->type_name("NAME");
}

CLI::Option* add_json_flag(CLI::App& command, bool& json, std::string_view what) {
  return command.add_flag("--json", json, "Print " + std::string(what) + " as JSON (schema_version 1)");
}

}  // namespace roce::cli
