// Running a scenario and reading its truth off the model: onset, cycle origin, victims and hops.
#include "sim/storm_truth.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <set>

namespace roce::sim {
namespace {

// The largest share of any whole second in [from, to) each port spent paused and pausing, summed
// over priorities and 802.3x.
class PauseShares : public CounterSink {
 public:
  PauseShares(int ports, double from_us, double to_us, CounterSink* next)
      : ports_(ports), from_(from_us), to_(to_us), next_(next) {}

  void stretch(double t0, const std::vector<double>& a, double t1, const std::vector<double>& b) override {
    if (next_) next_->stretch(t0, a, t1, b);
    const double lo = std::max(t0, from_), hi = std::min(t1, to_);
    if (hi <= lo || t1 <= t0) return;
    for (double s = std::floor(lo / 1e6) * 1e6; s < hi; s += 1e6) {
      const double share = (std::min(hi, s + 1e6) - std::max(lo, s)) / (t1 - t0);
      auto& paused = paused_[static_cast<long>(s / 1e6)];
      auto& pausing = pausing_[static_cast<long>(s / 1e6)];
      paused.resize(ports_);
      pausing.resize(ports_);
      for (int gp = 0; gp < ports_; ++gp) {
        const std::size_t row = static_cast<std::size_t>(gp) * slot::kCount;
        double in = b[row + slot::global_rx_pause_us] - a[row + slot::global_rx_pause_us];
        double out = b[row + slot::global_tx_pause_us] - a[row + slot::global_tx_pause_us];
        for (int p = 0; p < slot::kPrios; ++p) {
          in += b[row + slot::rx_pause_us + p] - a[row + slot::rx_pause_us + p];
          out += b[row + slot::tx_pause_us + p] - a[row + slot::tx_pause_us + p];
        }
        paused[gp] += in * share;
        pausing[gp] += out * share;
      }
    }
  }

  std::vector<double> largest(bool paused) const {
    std::vector<double> out(ports_, 0);
    for (const auto& [second, per_port] : paused ? paused_ : pausing_)
      for (int gp = 0; gp < ports_; ++gp) out[gp] = std::max(out[gp], per_port[gp] / 1e6);
    return out;
  }

 private:
  int ports_;
  double from_, to_;
  CounterSink* next_;
  std::map<long, std::vector<double>> paused_, pausing_;
};

int port_of(const Fabric& f, const LosslessSim& sim, const PortName& name) {
  const int node = f.node(name.node);
  if (node < 0) return -1;
  for (std::size_t p = 0; p < f.nodes[node].ports.size(); ++p)
    if (f.nodes[node].ports[p].name == name.port) return sim.port_index(node, static_cast<int>(p));
  return -1;
}

}  // namespace

void run_scenario(Scenario& s, CounterSink* sink, const SimClock& clock) {
  LosslessSim sim(s.fabric, s.traffic, clock);
  const bool storm = s.truth.cause != StormCause::none;
  const double from = storm ? s.truth.start_s * 1e6 : 0;
  const double to = storm ? std::min(s.duration_s, s.truth.end_s + 5) * 1e6 : s.duration_s * 1e6;
  PauseShares shares(sim.port_count(), from, to, sink);
  sim.watch_from(from);
  sim.run_until(s.duration_s, &shares);

  // Port index <-> names.
  std::vector<PortName> names;
  std::vector<int> node_of;
  for (std::size_t n = 0; n < s.fabric.nodes.size(); ++n)
    for (std::size_t p = 0; p < s.fabric.nodes[n].ports.size(); ++p) {
      names.push_back({s.fabric.nodes[n].name, s.fabric.nodes[n].ports[p].name, s.fabric.nodes[n].is_switch()});
      node_of.push_back(static_cast<int>(n));
    }
  const auto paused_share = shares.largest(true), pausing_share = shares.largest(false);
  auto is_paused = [&](int gp) { return paused_share[gp] >= kVictimPausedShare; };
  auto is_pausing = [&](int gp) { return pausing_share[gp] >= kVictimPausedShare; };
  auto peer = [&](int gp) {
    const FabricPort& fp = s.fabric.nodes[node_of[gp]].ports[gp - sim.port_index(node_of[gp], 0)];
    return fp.peer_node < 0 ? -1 : sim.port_index(fp.peer_node, fp.peer_port);
  };

  std::set<int> cycle;
  for (const auto& c : s.truth.cycle) cycle.insert(port_of(s.fabric, sim, c));
  if (s.truth.cause == StormCause::cyclic_dependency) {
    int first = -1;
    for (int gp : cycle)
      if (sim.first_pausing_us(gp) >= 0 && (first < 0 || sim.first_pausing_us(gp) < sim.first_pausing_us(first)))
        first = gp;
    if (first >= 0) s.truth.origin = names[first];
  }

  // From the origin along the pauses: a pausing port to its peer (one cable), a switch port that
  // is stopped (or is the origin) to the ports of its switch that pause their peers (no cable).
  std::map<int, int> hops;
  const int origin = s.truth.origin ? port_of(s.fabric, sim, *s.truth.origin) : -1;
  if (origin >= 0) {
    std::deque<std::pair<int, int>> queue = {{origin, 0}};
    while (!queue.empty()) {
      const auto [gp, hop] = queue.front();
      queue.pop_front();
      if (hops.count(gp)) continue;
      hops[gp] = hop;
      const int other = peer(gp);
      if (is_pausing(gp) && other >= 0 && is_paused(other) && !hops.count(other)) queue.push_back({other, hop + 1});
      if (names[gp].is_switch && (gp == origin || is_paused(gp))) {
        const int node = node_of[gp];
        for (int q = sim.port_index(node, 0); q < sim.port_count() && node_of[q] == node; ++q)
          if (is_pausing(q) && !hops.count(q)) queue.push_front({q, hop});
      }
    }
  }

  s.truth.victims.clear();
  s.truth.unrelated_paused.clear();
  std::optional<double> onset;
  for (const auto& [gp, hop] : hops)
    if (sim.first_pausing_us(gp) >= 0 && (!onset || sim.first_pausing_us(gp) < *onset))
      onset = sim.first_pausing_us(gp);
  if (onset) s.truth.onset_s = *onset / 1e6;
  for (int gp = 0; gp < sim.port_count(); ++gp) {
    if (!is_paused(gp) || gp == origin || cycle.count(gp)) continue;
    const auto reached = hops.find(gp);
    if (reached == hops.end()) {
      s.truth.unrelated_paused.push_back(names[gp]);
      continue;
    }
    const double first = sim.first_paused_us(gp);
    s.truth.victims.push_back(
        {names[gp], first >= 0 ? first / 1e6 : s.truth.start_s, reached->second, paused_share[gp]});
  }
}

}  // namespace roce::sim
