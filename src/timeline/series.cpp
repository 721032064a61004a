#include "timeline/series.hpp"

#include <algorithm>

#include "counters/canonical.hpp"
#include "engine/context.hpp"

namespace roce::timeline {

void Series::add(std::int64_t t_ms, double value) {
  if (pending_ > 0 && pending_ < per_point_) {
    Point& last = points_.back();
    last.t_ms = t_ms;
    last.value = std::max(last.value, value);
    ++pending_;
    return;
  }
  if (points_.size() == capacity_) halve();
  points_.push_back({t_ms, value});
  pending_ = 1;
}

void Series::halve() {
  std::vector<Point> merged;
  merged.reserve(capacity_ / 2 + 1);
  for (std::size_t i = 0; i + 1 < points_.size(); i += 2)
    merged.push_back({points_[i + 1].t_ms, std::max(points_[i].value, points_[i + 1].value)});
  if (points_.size() % 2) merged.push_back(points_.back());
  points_ = std::move(merged);
  per_point_ *= 2;
  pending_ = 0;
}

double Series::max() const {
  double m = 0;
  for (const auto& p : points_) m = std::max(m, p.value);
  return m;
}

namespace {

enum Counter { kEcnMarked = 16, kCnpSent = 17, kCnpHandled = 18, kDropsFirst = 19 };

const model::CounterSet* counter_set(const model::NetDev& nd, const model::RdmaPort* port, int set) {
  if (set == 0) return nd.ethtool_stats.ok() ? &*nd.ethtool_stats : nullptr;
  if (!port) return nullptr;
  if (set == 1) return port->hw_counters.ok() ? &*port->hw_counters : nullptr;
  return port->counters.ok() ? &*port->counters : nullptr;
}

int set_number(const std::string& name) {
  return name == "ethtool" ? 0 : name == "hw_counters" ? 1 : name == "counters" ? 2 : -1;
}

std::optional<std::uint64_t> read_value(SeriesCollector::Tracked& t, const model::CounterSet* set) {
  if (t.set < 0 || !set) return std::nullopt;
  const auto& entries = set->entries;
  if (t.index < entries.size() && entries[t.index].first == t.raw_name) return entries[t.index].second;
  for (std::size_t i = 0; i < entries.size(); ++i)
    if (entries[i].first == t.raw_name) {
      t.index = i;
      return entries[i].second;
    }
  return std::nullopt;
}

const model::RdmaPort* rdma_port_of(const model::Host& h, const std::string& netdev) {
  for (const auto& d : h.rdma_devices)
    for (const auto& p : d.ports) {
      if (p.netdev.ok() && *p.netdev == netdev) return &p;
      if (!p.netdev.ok() && d.ports.size() == 1 && d.netdevs.ok() && d.netdevs->size() == 1 &&
          d.netdevs->front() == netdev)
        return &p;
    }
  return nullptr;
}

std::string port_state_text(const model::RdmaPort* port) {
  if (!port || !port->state.ok()) return {};
  return std::to_string(port->state->code) + ": " + port->state->name;
}

using CounterSets = std::array<const model::CounterSet*, 3>;

// The counters a port's series follow, in the order feed_port reads them (see Counter).
void track_counters(SeriesCollector::PortState& st, const std::vector<int>& lossless) {
  auto track = [&](std::string canonical) {
    SeriesCollector::Tracked t;
    t.canonical = std::move(canonical);
    st.tracked.push_back(std::move(t));
  };
  for (int prio = 0; prio < model::kPriorities; ++prio) track(counters::prio_name(prio, "tx_pause_us"));
  for (int prio = 0; prio < model::kPriorities; ++prio) track(counters::prio_name(prio, "rx_pause_us"));
  track("roce.ecn_marked");
  track("roce.cnp_sent");
  track("roce.cnp_handled");
  for (int prio : lossless) track(counters::prio_name(prio, "rx_discards"));
}

// Where each tracked counter is read (set and raw name); a counter that moved loses its previous value.
void resolve_counters(SeriesCollector::PortState& st, const model::NetDev& nd, const model::RdmaPort* port) {
  const counters::Canonical canonical = counters::canonicalize(&nd, port);
  for (auto& t : st.tracked) {
    auto it = canonical.find(t.canonical);
    const int set = it == canonical.end() ? -1 : set_number(it->second.set);
    if (set != t.set || (it != canonical.end() && it->second.raw_name != t.raw_name)) t.has_previous = false;
    t.set = set;
    t.raw_name = it == canonical.end() ? std::string() : it->second.raw_name;
  }
}

// Per counter: the rate since the previous sample, or nullopt (no previous value, no time step).
std::optional<double> counter_step(SeriesCollector::Tracked& t, const CounterSets& sets, double dt) {
  auto v = t.set < 0 ? std::nullopt : read_value(t, sets[static_cast<std::size_t>(t.set)]);
  if (!v) {
    t.has_previous = false;
    return std::nullopt;
  }
  std::optional<double> delta;
  if (t.has_previous && dt > 0) delta = static_cast<double>(model::counter_delta(t.previous, *v).delta);
  t.previous = *v;
  t.has_previous = true;
  return delta;
}

void add_counter_rates(SeriesCollector::PortState& st, const CounterSets& sets, double dt, std::int64_t t_ms,
                       PortSeries& out) {
  auto step = [&](SeriesCollector::Tracked& t) { return counter_step(t, sets, dt); };
  for (int prio = 0; prio < model::kPriorities; ++prio) {
    if (auto d = step(st.tracked[static_cast<std::size_t>(prio)]))
      out.tx_pause_fraction[prio].add(t_ms, engine::pause_fraction(static_cast<std::uint64_t>(*d), dt));
    if (auto d = step(st.tracked[static_cast<std::size_t>(8 + prio)]))
      out.rx_pause_fraction[prio].add(t_ms, engine::pause_fraction(static_cast<std::uint64_t>(*d), dt));
  }
  if (auto d = step(st.tracked[kEcnMarked])) out.ecn_marked_per_s.add(t_ms, *d / dt), out.has_ecn = true;
  if (auto d = step(st.tracked[kCnpSent])) out.cnp_sent_per_s.add(t_ms, *d / dt), out.has_cnp_sent = true;
  if (auto d = step(st.tracked[kCnpHandled])) out.cnp_handled_per_s.add(t_ms, *d / dt), out.has_cnp_handled = true;
  std::optional<double> drops;
  for (std::size_t i = kDropsFirst; i < st.tracked.size(); ++i)
    if (auto d = step(st.tracked[i])) drops = drops.value_or(0) + *d;
  if (drops) out.lossless_drops_per_s.add(t_ms, *drops / dt), out.has_drops = true;
}

// Link events: carrier changes (or a netdev reset), operstate and RDMA port state transitions.
void add_link_events(SeriesCollector::PortState& st, const model::NetDev& nd, const model::RdmaPort* port,
                     std::int64_t t_ms, SeriesSet& set) {
  auto event = [&](std::string what) {
    if (set.link_events.size() < kMaxLinkEvents)
      set.link_events.push_back({t_ms, nd.name, std::move(what)});
    else
      ++set.link_events_dropped;
  };
  // A netdev reset (engine::netdev_reset, from the ifindex and carrier_changes kept here) is one
  // event, as LINK-FLAP sees it: the reset's own carrier-up is no carrier change.
  model::NetDev previous;
  if (st.has_carrier) previous.carrier_changes = model::Field<std::uint64_t>::of(st.carrier_changes);
  if (st.has_ifindex) previous.ifindex = model::Field<std::uint32_t>::of(st.ifindex);
  if (auto reset = engine::netdev_reset(previous, nd))
    event("netdev reset (" + reset->signs + ")");
  else if (nd.carrier_changes.ok() && st.has_carrier && *nd.carrier_changes > st.carrier_changes)
    event("carrier changes +" + std::to_string(*nd.carrier_changes - st.carrier_changes));
  if (nd.carrier_changes.ok()) {
    st.carrier_changes = *nd.carrier_changes;
    st.has_carrier = true;
  }
  if (nd.ifindex.ok()) {
    st.ifindex = *nd.ifindex;
    st.has_ifindex = true;
  }
  const std::string operstate = nd.operstate.ok() ? *nd.operstate : std::string();
  if (!st.operstate.empty() && !operstate.empty() && operstate != st.operstate)
    event("operstate " + st.operstate + " -> " + operstate);
  if (!operstate.empty()) st.operstate = operstate;
  const std::string port_state = port_state_text(port);
  if (!st.port_state.empty() && !port_state.empty() && port_state != st.port_state)
    event("port state " + st.port_state + " -> " + port_state);
  if (!port_state.empty()) st.port_state = port_state;
}

}  // namespace

void SeriesCollector::feed(const model::Host& sample) {
  const double dt = prev_ ? model::interval_between(*prev_, model::time_of(sample)).seconds : 0;
  for (const auto& nd : sample.netdevs) {
    const model::RdmaPort* port = rdma_port_of(sample, nd.name);
    if (!port && !nd.ethtool_stats.ok()) continue;
    feed_port(sample, nd, port, dt);
  }
  prev_ = model::time_of(sample);
}

void SeriesCollector::feed_port(const model::Host& sample, const model::NetDev& nd, const model::RdmaPort* port,
                                double dt) {
  PortState& st = states_[nd.name];
  const CounterSets sets{counter_set(nd, port, 0), counter_set(nd, port, 1), counter_set(nd, port, 2)};
  std::array<std::size_t, 3> sizes{};
  for (int i = 0; i < 3; ++i) sizes[i] = sets[i] ? sets[i]->entries.size() : 0;
  if (!st.resolved || sizes != st.set_sizes) {
    if (st.tracked.empty()) track_counters(st, lossless_);
    resolve_counters(st, nd, port);
    st.set_sizes = sizes;
    st.resolved = true;
  }
  PortSeries& out = set_.ports[nd.name];
  add_counter_rates(st, sets, dt, sample.time_unix_ms, out);
  add_link_events(st, nd, port, sample.time_unix_ms, set_);
}

}  // namespace roce::timeline
