#pragma once
// Per-sample series for the report's plots, bounded in memory: a day at 1 Hz is 86400 points per
// line, far more than a plot can show, so a Series halves itself (pairs of points merged, keeping
// the larger value: peaks survive) whenever it reaches its capacity.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "model/sample.hpp"

namespace roce::timeline {

struct Point {
  std::int64_t t_ms = 0;  // wall-clock time of the sample that ends the step
  double value = 0;
};

class Series {
 public:
  explicit Series(std::size_t capacity = 2048) : capacity_(capacity < 4 ? 4 : capacity) {}
  void add(std::int64_t t_ms, double value);
  const std::vector<Point>& points() const { return points_; }
  double max() const;

 private:
  void halve();
  std::size_t capacity_;
  std::size_t per_point_ = 1;  // samples merged into each point
  std::size_t pending_ = 0;    // samples in the last point so far
  std::vector<Point> points_;
};

/// A link event between two samples: the carrier changed, operstate or RDMA port state moved.
struct LinkEvent {
  std::int64_t t_ms = 0;
  std::string netdev;
  std::string what;  // "carrier changes +2", "operstate up -> down", "port state 4: ACTIVE -> 1: DOWN",
                     // "netdev reset (ifindex 4 -> 24, carrier_changes 6 -> 1)"
};

/// The plots of one port (netdev).
struct PortSeries {
  std::map<int, Series> tx_pause_fraction;  // by priority; only priorities with pause counters
  std::map<int, Series> rx_pause_fraction;
  Series lossless_drops_per_s;  // prio[N].rx_discards summed over the profile's lossless priorities
  Series ecn_marked_per_s;      // roce.ecn_marked (packets that arrived CE-marked)
  Series cnp_sent_per_s;        // roce.cnp_sent
  Series cnp_handled_per_s;     // roce.cnp_handled
  bool has_drops = false, has_ecn = false, has_cnp_sent = false, has_cnp_handled = false;
};

inline constexpr std::size_t kMaxLinkEvents = 1000;

struct SeriesSet {
  std::map<std::string, PortSeries> ports;  // by netdev name
  std::vector<LinkEvent> link_events;       // the first kMaxLinkEvents
  std::size_t link_events_dropped = 0;      // beyond kMaxLinkEvents
};

/// Builds a SeriesSet from consecutive samples. Keeps only the previous values of the counters it
/// plots (never a copy of a Host), and finds each counter through a cached position in the raw
/// counter list, so a sample costs a few lookups per port rather than a canonicalize().
class SeriesCollector {
 public:
  explicit SeriesCollector(std::vector<int> lossless_priorities) : lossless_(std::move(lossless_priorities)) {}
  void feed(const model::Host& sample);
  const SeriesSet& series() const { return set_; }

  /// One plotted counter of one port: where its raw value sits, and its previous value.
  struct Tracked {
    std::string canonical;  // "prio[3].tx_pause_us"
    int set = -1;           // 0 ethtool, 1 hw_counters, 2 IB PMA counters; -1: not reported
    std::string raw_name;
    std::size_t index = 0;  // cached position in the set's entries
    std::uint64_t previous = 0;
    bool has_previous = false;
  };
  struct PortState {
    std::vector<Tracked> tracked;
    std::array<std::size_t, 3> set_sizes{};  // a layout change (PFC toggled) re-resolves the names
    bool resolved = false;
    std::string operstate, port_state;
    std::uint64_t carrier_changes = 0;
    bool has_carrier = false;
    std::uint32_t ifindex = 0;
    bool has_ifindex = false;
  };

 private:
  void feed_port(const model::Host& sample, const model::NetDev& nd, const model::RdmaPort* port, double dt);
  std::vector<int> lossless_;
  SeriesSet set_;
  std::map<std::string, PortState> states_;  // by netdev name
  std::optional<model::SampleTime> prev_;    // when the previous sample was taken
};

}  // namespace roce::timeline
