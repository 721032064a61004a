// Drawing the storm scenarios: fabric, background traffic, the storm's flows and faults, clocks.
#include "sim/storm_scenarios.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>

namespace roce::sim {
namespace {

// mt19937_64's output is fixed by the standard; the library's distributions are not, so the draws
// are made here and a seed gives the same scenario everywhere.
class Draw {
 public:
  explicit Draw(std::uint64_t seed) : rng_(seed) {}
  double uniform(double a, double b) { return a + (b - a) * static_cast<double>(rng_() >> 11) * 0x1.0p-53; }
  int integer(int a, int b) { return a + static_cast<int>(rng_() % static_cast<std::uint64_t>(b - a + 1)); }
  int pick(const std::vector<int>& v) { return v[rng_() % v.size()]; }
  bool chance(double p) { return uniform(0, 1) < p; }

 private:
  std::mt19937_64 rng_;
};

constexpr std::uint32_t kSpeeds[] = {100000, 200000, 400000};

double line_gbps(const Scenario& s) { return s.fabric.nodes[s.fabric.hosts[0]].ports[0].speed_mbps / 1000.0; }

// Gb/s offered to each egress port by `flows` all at once (first hop excluded when asked).
std::map<std::pair<int, int>, double> egress_loads(const Fabric& f, const std::vector<Flow>& flows) {
  std::map<std::pair<int, int>, double> loads;
  for (std::size_t i = 0; i < flows.size(); ++i)
    for (const Hop& h : route(f, flows[i], static_cast<std::uint32_t>(i))) loads[{h.node, h.port}] += flows[i].gbps;
  return loads;
}

bool all_below(const std::map<std::pair<int, int>, double>& loads, double limit,
               std::pair<int, int> except = {-1, -1}) {
  for (const auto& [port, gbps] : loads)
    if (port != except && gbps > limit) return false;
  return true;
}

int other_host(Draw& d, const Fabric& f, int not_this) {
  for (;;) {
    const int h = d.pick(f.hosts);
    if (h != not_this) return h;
  }
}

int port_towards(const Fabric& f, int node, int peer) {
  for (std::size_t i = 0; i < f.nodes[node].ports.size(); ++i)
    if (f.nodes[node].ports[i].peer_node == peer) return static_cast<int>(i);
  return -1;
}

PortName name_of(const Fabric& f, int node, int port) {
  return {f.nodes[node].name, f.nodes[node].ports[port].name, f.nodes[node].is_switch()};
}

Scenario base(StormCause cause, std::uint64_t seed, Draw& d, int min_leaves) {
  Scenario s;
  s.seed = seed;
  s.name = std::string(to_string(cause)) + "-" + std::to_string(seed);
  LeafSpineShape shape;
  shape.leaves = d.integer(min_leaves, 4);
  shape.hosts_per_leaf = d.integer(2, 8);
  shape.spines = d.integer(1, 4);
  shape.speed_mbps = kSpeeds[d.integer(0, 2)];
  shape.host_cable_m = static_cast<std::uint32_t>(d.integer(1, 5));
  shape.fabric_cable_m = static_cast<std::uint32_t>(d.integer(10, 100));
  s.fabric = leaf_spine(shape);
  s.duration_s = std::round(d.uniform(60, 120));
  s.truth.cause = cause;
  s.truth.priority = 3;
  s.truth.start_s = std::round(d.uniform(20, s.duration_s / 2) * 1000) / 1000;
  s.truth.end_s = std::min(s.duration_s - 10, s.truth.start_s + std::round(d.uniform(10, 30) * 1000) / 1000);
  return s;
}

void add_clocks(Scenario& s, Draw& d) {
  for (const auto& n : s.fabric.nodes) s.clocks.push_back({n.name, d.uniform(-100, 100), d.uniform(0, 1000)});
}

// Light background traffic on the lossless priority: flows of 2-10 % of line rate that come and
// go, none that would take a port past 80 % of its rate with every other one running.
void add_background(Scenario& s, Draw& d) {
  const double line = line_gbps(s);
  const int n = static_cast<int>(std::lround(d.uniform(0.2, 0.6) * static_cast<double>(s.fabric.hosts.size())));
  for (int i = 0; i < n; ++i) {
    Flow f;
    f.src = d.pick(s.fabric.hosts);
    f.dst = other_host(d, s.fabric, f.src);
    f.priority = s.truth.priority;
    f.gbps = line * d.uniform(0.02, 0.1);
    f.start_s = std::round(d.uniform(0, s.duration_s - 5) * 1000) / 1000;
    f.end_s = std::min(s.duration_s, f.start_s + std::round(d.uniform(5, 60) * 1000) / 1000);
    s.traffic.flows.push_back(f);
    if (!all_below(egress_loads(s.fabric, s.traffic.flows), 0.8 * line)) s.traffic.flows.pop_back();
  }
}

// `count` senders to `dst` offering `total` Gb/s together, from `start` to `end`, such that no
// egress but `congested` goes past 90 % of line rate (a second bottleneck would be a second origin).
void add_senders(Scenario& s, Draw& d, int dst, int count, double total, double start, double end,
                 std::pair<int, int> congested, bool same_leaf_only = false) {
  const double line = line_gbps(s);
  const std::vector<Flow> before = s.traffic.flows;
  for (int attempt = 0; attempt < 60; ++attempt) {
    s.traffic.flows = before;
    std::vector<int> used = {dst};
    const bool local = same_leaf_only || attempt >= 40;
    for (int k = 0; k < count; ++k) {
      int src = -1;
      for (int tries = 0; tries < 100 && src < 0; ++tries) {
        const int h = d.pick(s.fabric.hosts);
        if (std::find(used.begin(), used.end(), h) != used.end()) continue;
        if (local && s.fabric.leaf_of(h) != s.fabric.leaf_of(dst)) continue;
        src = h;
      }
      if (src < 0) break;
      used.push_back(src);
      Flow f;
      f.src = src;
      f.dst = dst;
      f.priority = s.truth.priority;
      f.gbps = total / count;
      f.start_s = start;
      f.end_s = end;
      s.traffic.flows.push_back(f);
    }
    if (all_below(egress_loads(s.fabric, s.traffic.flows), 0.9 * line, congested)) return;
  }
}

Scenario incast(std::uint64_t seed, Draw& d) {
  Scenario s = base(StormCause::incast, seed, d, 2);
  add_background(s, d);
  const double line = line_gbps(s);
  const int dst = d.pick(s.fabric.hosts), leaf = s.fabric.leaf_of(dst);
  const double total = line * d.uniform(1.3, 2.5);
  const int count = std::max(d.integer(3, 8), static_cast<int>(std::ceil(total / (0.85 * line))));
  const int leaf_port = port_towards(s.fabric, leaf, dst);
  add_senders(s, d, dst, std::min(count, static_cast<int>(s.fabric.hosts.size()) - 1), total, s.truth.start_s,
              s.truth.end_s, {leaf, leaf_port});
  s.truth.origin = name_of(s.fabric, leaf, leaf_port);
  return s;
}

// The receiver's own traffic first runs fine for a while, then its receive path slows down.
Scenario receiver_fault(StormCause cause, std::uint64_t seed, Draw& d) {
  Scenario s = base(cause, seed, d, 2);
  add_background(s, d);
  const double line = line_gbps(s);
  const int host = d.pick(s.fabric.hosts);
  const double total = line * d.uniform(cause == StormCause::nic_pause_storm ? 0.2 : 0.5, 0.9);
  const double flows_start = std::max(1.0, s.truth.start_s - d.uniform(5, 15));
  const double flows_end = std::min(s.duration_s, s.truth.end_s + d.uniform(0, 10));
  add_senders(s, d, host, d.integer(2, 5), total, flows_start, flows_end, {-1, -1});
  Fault f;
  f.host = host;
  f.start_s = s.truth.start_s;
  f.end_s = s.truth.end_s;
  if (cause == StormCause::nic_pause_storm) {
    f.kind = FaultKind::nic_pause_storm;
  } else {
    f.kind = FaultKind::slow_receiver;
    f.rx_share = d.uniform(0.2, 0.7) * total / line;
    f.cause = d.chance(0.5) ? SlowCause::pcie : SlowCause::receive_queues;
  }
  s.traffic.faults.push_back(f);
  if (cause == StormCause::global_pause) {
    s.traffic.global_pause_hosts.push_back(host);
    // Lossy traffic to the host as well: 802.3x stops it too.
    Flow lossy;
    lossy.src = other_host(d, s.fabric, host);
    lossy.dst = host;
    lossy.priority = 0;
    lossy.gbps = line * d.uniform(0.05, 0.1);
    lossy.start_s = flows_start;
    lossy.end_s = flows_end;
    s.traffic.flows.push_back(lossy);
  }
  s.truth.origin = name_of(s.fabric, host, 0);
  return s;
}

// Three leaves cabled in a ring, each carrying flows two ring hops clockwise: every ring cable
// carries two flows and more than its rate, so each leaf waits for the next one.
Scenario cyclic(std::uint64_t seed, Draw& d) {
  Scenario s = base(StormCause::cyclic_dependency, seed, d, 3);
  add_background(s, d);
  const double line = line_gbps(s);
  const std::vector<int> ring = {s.fabric.leaves[0], s.fabric.leaves[1], s.fabric.leaves[2]};
  add_switch_ring(s.fabric, ring, static_cast<std::uint32_t>(d.integer(5, 30)));
  const double rate = line * d.uniform(0.55, 0.8);
  auto hosts_of = [&](int leaf) {
    std::vector<int> out;
    for (int h : s.fabric.hosts)
      if (s.fabric.leaf_of(h) == leaf) out.push_back(h);
    return out;
  };
  for (int i = 0; i < 3; ++i) {
    const int a = ring[i], b = ring[(i + 1) % 3], c = ring[(i + 2) % 3];
    Flow f;
    f.src = d.pick(hosts_of(a));
    f.dst = d.pick(hosts_of(c));
    f.priority = s.truth.priority;
    f.gbps = rate;
    f.start_s = s.truth.start_s;
    f.end_s = s.truth.end_s;
    f.via = {a, b, c};
    s.traffic.flows.push_back(f);
  }
  for (int i = 0; i < 3; ++i) {
    const int a = ring[i], b = ring[(i + 1) % 3];
    const int pa = port_towards(s.fabric, a, b), pb = port_towards(s.fabric, b, a);
    s.truth.cycle.push_back(name_of(s.fabric, a, pa));
    s.truth.cycle.push_back(name_of(s.fabric, b, pb));
  }
  return s;  // the origin is the ring port that pauses first: the run finds it (storm_truth.hpp)
}

Scenario quiet(std::uint64_t seed, Draw& d) {
  Scenario s = base(StormCause::none, seed, d, 2);
  add_background(s, d);
  s.truth.start_s = s.truth.end_s = 0;
  return s;
}

}  // namespace

Scenario make_quiet_fabric(const LeafSpineShape& shape, double duration_s, std::uint64_t seed) {
  Draw d(seed);
  Scenario s;
  s.seed = seed;
  s.name = "quiet-fabric-" + std::to_string(seed);
  s.fabric = leaf_spine(shape);
  s.duration_s = duration_s;
  add_background(s, d);
  add_clocks(s, d);
  return s;
}

std::string_view to_string(StormCause cause) {
  switch (cause) {
    case StormCause::none: return "none";
    case StormCause::incast: return "incast";
    case StormCause::slow_receiver: return "slow-receiver";
    case StormCause::nic_pause_storm: return "nic-storm";
    case StormCause::cyclic_dependency: return "cycle";
    case StormCause::global_pause: return "global-pause";
  }
  return "?";
}

std::optional<StormCause> storm_cause_named(std::string_view name) {
  for (StormCause c : kStormCauses)
    if (to_string(c) == name) return c;
  return std::nullopt;
}

Scenario make_scenario(StormCause cause, std::uint64_t seed) {
  Draw d(seed * 0x9e3779b97f4a7c15ull + static_cast<std::uint64_t>(cause));
  Scenario s;
  switch (cause) {
    case StormCause::incast: s = incast(seed, d); break;
    case StormCause::slow_receiver:
    case StormCause::nic_pause_storm:
    case StormCause::global_pause: s = receiver_fault(cause, seed, d); break;
    case StormCause::cyclic_dependency: s = cyclic(seed, d); break;
    case StormCause::none: s = quiet(seed, d); break;
  }
  add_clocks(s, d);
  return s;
}

}  // namespace roce::sim
