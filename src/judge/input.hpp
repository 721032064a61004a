#pragma once
// What every command reads, read one way: the --dev filter and its errors, captures (--from), and
// samples of the --host system (default live) at an interval.
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "captures/bundle.hpp"
#include "judge/open_system.hpp"
#include "model/host.hpp"
#include "model/raw_lines.hpp"
#include "util/expected.hpp"
#include "util/result.hpp"

namespace roce::judge {

/// `no netdev or RDMA device named "DEV"WHERE`, with a hint where to find the names.
Error no_device_error(const std::string& device, const std::string& where = {},
                      std::string hint = "see `roce-doctor show` for the names");
/// The host narrowed to `device` (unchanged when it is empty), or no_device_error.
Expected<model::Host> select_device(const model::Host& host, const std::string& device);

/// What a command is told as it reads, before it prints anything of its own: a warning about what
/// could not be read, and that the live host is being sampled for a while.
struct Notices {
  std::function<void(std::string_view)> warning;            // "host LLDP neighbours ...", a capture's own warnings
  std::function<void(std::chrono::milliseconds)> sampling;  // before waiting this long for a second sample
};

/// A capture load_capture reads (bundle, recording, sos report, sysinfo-snapshot, folder,
/// archive), holding at least one sample; its warnings go to `notices`.
Expected<captures::Bundle> read_capture(const std::string& path, const Notices& notices = {});

/// The --host system, "live" when none is given. `device` narrows what a live system reads to it
/// and what pairs with it (empty: every device); a simulator always gives its whole host.
Expected<std::unique_ptr<system::System>> open_input_system(const SystemSpec& spec, const std::string& device = {});
/// Does this system's time pass by itself (live), or only when wait() moves it (a simulator)?
bool runs_in_real_time(const system::System& system);
/// The host's LLDP neighbours read live from lldpd into `side` (where a capture's lldpctl output
/// goes); when they cannot be, a note on `host` and a warning say why (lldpd absent, not running, denied).
void read_live_lldp(model::Host& host, model::SwitchSide& side, const Notices& notices);
/// One sample of the system narrowed to `device`, or no_device_error.
Expected<model::Host> sample_device(system::System& system, const std::string& device);

/// What a command reads: captures, or the --host system.
struct InputRequest {
  SystemSpec system;                        // --host, --sysfs-root
  Notices notices;                          // what the command prints while reading
  std::vector<std::string> captures;        // --from: one (its first and last samples) or two (the last of each)
  double dt = 0;                            // two captures: the seconds between them; 0: their own clocks
  std::string dev;                          // --dev; empty: every device
  std::chrono::milliseconds interval{0};    // a system: 0 one sample, else two samples this far apart
  bool require_devices = false;             // a system with no device at all (dev empty) is a runtime error
  bool read_whole_host = false;             // a live system reads every device, --dev narrows afterwards
  std::vector<std::string> switch_exports;  // --switch: exports of the switches at the other end of the cables
  std::string switch_name;                  // --switch-name: names the switch of exports that name none
  bool refuse_empty_import = false;         // an imported capture with no RoCE state at all is an input error
};

/// The host now, optionally an earlier sample of it, and how the two were obtained.
struct Input {
  model::Host now;                    // narrowed to --dev
  std::optional<model::Host> before;  // narrowed to --dev
  /// "live, configuration only", "sim:FILE, 2 samples 5 s apart", "from bundle F, samples 1 and 3
  /// of 3, 60 s apart", "from bundles A and B, 60 s apart (--dt)".
  std::string origin;
  double dt = 0;                           // seconds from before to now; 0: no rates
  std::optional<model::Host> whole_now;    // with --dev: now as read, before the filter narrowed it
  std::size_t capture_samples = 0;         // one capture: how many samples it holds (now is the last)
  std::unique_ptr<system::System> system;  // the system read; null for captures
  model::Observations observations;        // found in the captures (results, logs, switch exports)
  model::RawLines raw_lines;               // an imported capture's lines that now's values cite

  /// The latest sample as read, before --dev narrowed it.
  const model::Host& now_as_read() const { return whole_now ? *whole_now : now; }
};

/// Reads the request. Fails with kExitInputError for a bad capture, --host, --dt or --dev (and an
/// imported capture holding nothing to judge, when refused), and with kExitRuntimeError when
/// require_devices and the system gave no device at all.
Result<Input> read_input(const InputRequest& request);

}  // namespace roce::judge
