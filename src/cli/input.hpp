#pragma once
/// What every subcommand reads, read one way: the --profile option, the --dev filter and its
/// errors, captures (--from), and samples of the --host system (default live) at an interval.
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "captures/bundle.hpp"
#include "cli/common.hpp"
#include "cli/host_source.hpp"
#include "model/host.hpp"
#include "model/raw_lines.hpp"
#include "profile/profile.hpp"
#include "util/expected.hpp"

namespace roce::cli {

/// --profile NAME|FILE (profile_lookup.hpp): the profile loaded and validated against the checks'
/// thresholds; empty: the built-in default.
Expected<profile::Profile> load_profile_option(const std::string& name_or_file);
/// "roce-lossless (built-in)", "mine (profiles/mine.toml)": the profile as the views name it.
std::string profile_label(const profile::Profile& profile);

/// The named netdev or RDMA device and what pairs with it (an RDMA device's netdevs, a netdev's
/// RDMA devices). Notes are kept.
model::Host filter_host(const model::Host& host, const std::string& device);
bool host_is_empty(const model::Host& host);

/// `no netdev or RDMA device named "DEV"WHERE`, with a hint where to find the names.
Error no_device_error(const std::string& device, const std::string& where = {},
                      std::string hint = "see `roce-doctor show` for the names");
/// The host narrowed to `device` (unchanged when it is empty), or no_device_error.
Expected<model::Host> select_device(const model::Host& host, const std::string& device);

/// A capture load_capture reads (bundle, recording, sos report, sysinfo-snapshot, folder,
/// archive), holding at least one sample.
Expected<captures::Bundle> read_capture(const std::string& path);

/// The --host system, "live" when none is given. `device` narrows what a live system reads to it
/// and what pairs with it (empty: every device); a simulator always gives its whole host.
Expected<std::unique_ptr<tune::System>> open_input_system(const GlobalOptions& global, const std::string& device = {});
/// Does this system's time pass by itself (live), or only when wait() moves it (a simulator)?
bool runs_in_real_time(const tune::System& system);
/// The host's LLDP neighbours read live from lldpd into `side` (where a capture's lldpctl output
/// goes); when they cannot be, a note on `host` and a warning say why (lldpd absent, not running, denied).
void read_live_lldp(model::Host& host, model::SwitchSide& side);
/// One sample of the system narrowed to `device`, or no_device_error.
Expected<model::Host> sample_device(tune::System& system, const std::string& device);

/// What a command reads: captures, or the --host system.
struct InputRequest {
  std::vector<std::string> captures;      // --from: one (its first and last samples) or two (the last of each)
  double dt = 0;                          // two captures: the seconds between them; 0: their own clocks
  std::string dev;                        // --dev; empty: every device
  std::chrono::milliseconds interval{0};  // a system: 0 one sample, else two samples this far apart
  bool require_devices = false;           // a system with no device at all (dev empty) is a runtime error
  bool read_whole_host = false;           // a live system reads every device, --dev narrows afterwards
  std::vector<std::string> switch_exports;  // --switch: exports of the switches at the other end of the cables
};

/// The host now, optionally an earlier sample of it, and how the two were obtained.
struct Input {
  model::Host now;                    // narrowed to --dev
  std::optional<model::Host> before;  // narrowed to --dev
  /// "live, configuration only", "sim:FILE, 2 samples 5 s apart", "from bundle F, samples 1 and 3
  /// of 3, 60 s apart", "from bundles A and B, 60 s apart (--dt)".
  std::string origin;
  double dt = 0;                         // seconds from before to now; 0: no rates
  std::optional<model::Host> whole_now;  // with --dev: now as read, before the filter narrowed it
  std::size_t capture_samples = 0;       // one capture: how many samples it holds (now is the last)
  std::unique_ptr<tune::System> system;  // the system read; null for captures
  model::Observations observations;      // found in the captures (results, logs, switch exports)
  model::RawLines raw_lines;             // an imported capture's lines that now's values cite

  /// The latest sample as read, before --dev narrowed it.
  const model::Host& now_as_read() const { return whole_now ? *whole_now : now; }
};

/// Reads the request. Fails with kExitInputError for a bad capture, --host, --dt or --dev, and
/// with kExitRuntimeError when require_devices and the system gave no device at all. Two samples
/// of the live host print "sampling for N s" on stderr when it is a terminal.
Result<Input> read_input(const GlobalOptions& global, const InputRequest& request);

}  // namespace roce::cli
