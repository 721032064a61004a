#pragma once
// What a check sees: the host now, optionally an earlier sample of the same host and the time
// between them, and the profile. Pure data; nothing here touches the system.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "counters/canonical.hpp"
#include "engine/finding.hpp"
#include "model/host.hpp"
#include "model/observations.hpp"
#include "model/sample.hpp"
#include "profile/profile.hpp"

namespace roce::engine {

/// A counter over the window. A decrease means the counter was reset (driver reload, port
/// re-init): then `reset` is set and `delta` counts from zero, i.e. `now` (a lower bound), never a
/// negative rate.
struct Rate {
  std::string canonical;  // "prio[3].rx_discards"
  std::string raw_name;   // "rx_prio3_discards"
  std::string set;        // "ethtool", "hw_counters", ...
  std::uint64_t before = 0, now = 0, delta = 0;
  bool reset = false;
  double per_second = 0;  // delta / dt
  Evidence evidence() const;
};

/// A pause duration (µs) delta as the fraction of the window spent paused, clamped to [0, 1].
double pause_fraction(std::uint64_t delta_us, double dt_seconds);

/// A netdev reset between two samples: a driver reload or firmware reset re-created the netdev, so
/// its counters and carrier_changes started again. A window holding one says nothing about link
/// events (the reset itself toggled the link), and settings the driver does not keep (on some drivers
/// the DCB/QoS state) were lost. Its signs, any of which is enough:
///   - the ifindex changed (the netdev was re-created),
///   - carrier_changes went backwards,
///   - ethtool -S counters went backwards together: at least kResetMinCounters, and at least half of
///     those that were non-zero before (one counter cleared alone is a port re-init, not a reset).
struct NetdevReset {
  static constexpr std::size_t kResetMinCounters = 2;
  std::string signs;               // "ifindex 7 -> 15, carrier_changes 6 -> 1"
  std::vector<Evidence> evidence;  // ifindex, carrier_changes, the ethtool counters' count
};
/// nullopt when nothing says the netdev was reset between `before` and `now`.
std::optional<NetdevReset> netdev_reset(const model::NetDev& before, const model::NetDev& now);

/// One RoCE port: an Ethernet netdev with (normally) its RDMA device/port, and its counters in
/// canonical names, now and (if there is an earlier sample) before.
struct PortView {
  const model::NetDev* netdev = nullptr;      // never null; a stand-in (every field absent) when
                                              // the host does not describe the port's netdev
  const model::RdmaDevice* device = nullptr;  // null: a netdev with no RDMA device
  const model::RdmaPort* port = nullptr;
  bool stand_in = false;  // netdev is a stand-in: nothing to tune or measure there
  const model::NetDev* netdev_before = nullptr;
  std::optional<NetdevReset> reset;  // the netdev was reset between the samples
  counters::Canonical now;
  std::optional<counters::Canonical> before;

  Subject subject() const;
  Subject subject(int priority) const;
  Subject buffer_subject(int buffer) const;  // the port's subject for one of its DCB buffers
  /// The netdev's name, or "mlx5_1/1" when the port's netdev is unknown.
  std::string name() const;
  std::string driver() const;  // "mlx5_core", or "" when unknown
  /// The current value of a canonical counter, if the driver reports it.
  const counters::Metric* metric(std::string_view canonical) const;
  /// The counter over the window; nullopt without two samples or when either lacks the counter.
  std::optional<Rate> rate(std::string_view canonical, double dt_seconds) const;
};

class Context {
 public:
  /// `before` (may be null) must be an earlier sample of the same host, `dt_seconds` after it.
  /// `observations` (may be null: none) is what was observed around the host (model/observations.hpp).
  Context(const model::Host& now, const model::Host* before, double dt_seconds, const profile::Profile& profile,
          const model::Observations* observations = nullptr);

  const model::Host& now;
  const model::Host* before;
  double dt_seconds;
  const profile::Profile& profile;

  /// Bandwidth results, job logs, topology, switch ends given with the host (empty when none).
  const model::Observations& observations() const { return *observations_; }

  bool has_rates() const { return before != nullptr && dt_seconds > 0; }
  /// RoCE ports: every RDMA port whose link layer is Ethernet (its netdev a stand-in when the host
  /// does not describe it), and every RDMA port of unknown link layer whose netdev the host
  /// describes; if the host lists no RDMA device, or an Ethernet port's netdev is unknown, also
  /// every physical netdev no port claims that has DCB or counters data.
  const std::vector<PortView>& ports() const { return ports_; }
  std::optional<Rate> rate(const PortView& p, std::string_view canonical) const {
    return p.rate(canonical, dt_seconds);
  }

 private:
  const model::Observations* observations_;
  std::vector<PortView> ports_;
  std::vector<std::shared_ptr<const model::NetDev>> stand_ins_;  // shared: copies of ports_ stay valid
};

/// Seconds between two samples (model/sample.hpp), by the name the engine's callers use.
using model::seconds_between;

}  // namespace roce::engine
