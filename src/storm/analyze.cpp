// analyze(): storms as runs of bins where some port pauses; in each, the wait-for graph on its
// priority, the origin and its cause, the spread, the victims and the fixes.
#include "storm/analyze.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <set>

#include "storm/storm_text.hpp"

namespace roce::storm {
namespace {

struct Run {
  std::size_t first = 0, last = 0;  // bins, inclusive
};

// Runs of bins in which some port pauses (any lane), `gap` quiet bins or fewer apart merged.
std::vector<Run> storm_runs(const PortStates& ps, std::size_t bins, int gap) {
  std::vector<Run> runs;
  for (std::size_t b = 0; b < bins; ++b) {
    bool any = false;
    for (const auto& states : ps.states) any = any || (b < states.size() && states[b].pausing != 0);
    if (!any) continue;
    if (!runs.empty() && b - runs.back().last <= static_cast<std::size_t>(gap) + 1)
      runs.back().last = b;
    else
      runs.push_back({b, b});
  }
  return runs;
}

bool bit(std::uint16_t mask, int lane) { return (mask >> lane) & 1u; }

bool no_counters(const PortBins& p) {
  return std::none_of(p.bins.begin(), p.bins.end(), [](const Moved& m) { return m.known; });
}

// Pausing or paused on `lane`: 802.3x pause stops every priority, so it counts on each lane.
bool on(std::uint16_t mask, int lane) { return bit(mask, lane) || bit(mask, kGlobal); }

// The priority most (port, bin) pairs paused on during the run (what 802.3x pause spreads into),
// or kGlobal when only 802.3x pause was seen.
int dominant_lane(const PortStates& ps, const Run& run) {
  std::array<std::size_t, kPriorities> count{};
  for (std::size_t i = 0; i < ps.states.size(); ++i)
    for (std::size_t b = run.first; b <= run.last && b < ps.states[i].size(); ++b)
      for (int lane = 0; lane < kPriorities; ++lane)
        if (bit(ps.states[i][b].pausing, lane)) ++count[lane];
  const auto most = std::max_element(count.begin(), count.end());
  return *most == 0 ? kGlobal : static_cast<int>(most - count.begin());
}

// Whether some port pauses a storm's share of a bin in the run (lighter pausing is traced, not a storm).
bool stormy(const PortStates& ps, const Run& run, double storm_share) {
  for (const auto& states : ps.states)
    for (std::size_t b = run.first; b <= run.last && b < states.size(); ++b)
      for (int lane = 0; lane < kLanes; ++lane)
        if (bit(states[b].pausing, lane) && states[b].pause_share[lane] >= storm_share) return true;
  return false;
}

// The wait-for graph of one run on one lane: who each port waits for.
struct Graph {
  std::vector<std::vector<std::size_t>> waits_for;  // by port
  std::vector<bool> pausing, paused, congested;     // in some bin of the run
  std::vector<bool> own_congestion;                 // congested in a bin it was not paused in
  std::vector<std::size_t> first_bin;               // of pausing, paused or congested
  std::vector<bool> involved;
};

Graph wait_for_graph(const PortStates& ps, const Run& run, int lane) {
  const std::size_t n = ps.ports.size();
  Graph g;
  g.waits_for.resize(n);
  g.pausing.assign(n, false);
  g.paused.assign(n, false);
  g.congested.assign(n, false);
  g.own_congestion.assign(n, false);
  g.first_bin.assign(n, run.last + 1);
  g.involved.assign(n, false);
  const auto in_run = [&](std::size_t i, auto&& pred) {
    for (std::size_t b = run.first; b <= run.last && b < ps.states[i].size(); ++b)
      if (pred(ps.states[i][b])) return true;
    return false;
  };
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t b = run.first; b <= run.last && b < ps.states[i].size(); ++b) {
      const State& s = ps.states[i][b];
      const bool p = on(s.pausing, lane), q = on(s.paused, lane);
      if (p) g.pausing[i] = true;
      if (q) g.paused[i] = true;
      if (s.congested) g.congested[i] = true;
      if (s.congested && !q) g.own_congestion[i] = true;
      if ((p || q || s.congested) && g.first_bin[i] > b) g.first_bin[i] = b;
    }
    g.involved[i] = g.pausing[i] || g.paused[i];
  }
  // Switch ports by switch.
  std::map<std::string, std::vector<std::size_t>> by_switch;
  for (std::size_t i = 0; i < n; ++i)
    if (ps.ports[i].port.is_switch) by_switch[ps.ports[i].port.node].push_back(i);
  for (std::size_t i = 0; i < n; ++i) {
    // Paused: it waits for its partner, which pauses it.
    if (g.paused[i] && ps.partner[i] && g.pausing[*ps.partner[i]]) g.waits_for[i].push_back(*ps.partner[i]);
    // A switch port pausing its partner waits for the egresses of its switch that, while it
    // paused, were paused themselves or congested.
    if (!g.pausing[i] || !ps.ports[i].port.is_switch) continue;
    for (std::size_t e : by_switch[ps.ports[i].port.node]) {
      if (e == i) continue;
      const bool blocked = in_run(e, [&](const State& s) { return on(s.paused, lane) || s.congested; });
      if (!blocked) continue;
      bool together = false;
      for (std::size_t b = run.first; b <= run.last && b < ps.states[i].size() && b < ps.states[e].size(); ++b)
        together = together || (on(ps.states[i][b].pausing, lane) &&
                                (on(ps.states[e][b].paused, lane) || ps.states[e][b].congested));
      if (together) g.waits_for[i].push_back(e);
    }
  }
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j : g.waits_for[i]) g.involved[j] = true;
  return g;
}

// Where following `from`'s waits ends: the ports that wait for no one, and any cycle met.
struct Ends {
  std::set<std::size_t> roots;
  std::vector<std::vector<std::size_t>> cycles;
};

void follow(const Graph& g, std::size_t from, Ends& ends) {
  std::vector<std::size_t> path;
  std::vector<int> state(g.waits_for.size(), 0);  // 0 new, 1 on the path, 2 done
  const auto visit = [&](auto&& self, std::size_t u) -> void {
    state[u] = 1;
    path.push_back(u);
    if (g.waits_for[u].empty()) ends.roots.insert(u);
    for (std::size_t v : g.waits_for[u]) {
      if (state[v] == 1) {
        const auto at = std::find(path.begin(), path.end(), v);
        ends.cycles.emplace_back(at, path.end());
      } else if (state[v] == 0) {
        self(self, v);
      }
    }
    path.pop_back();
    state[u] = 2;
  };
  visit(visit, from);
}

}  // namespace

const char* to_string(Cause cause) {
  switch (cause) {
    case Cause::slow_receiver: return "slow-receiver";
    case Cause::nic_storm: return "nic-storm";
    case Cause::incast: return "incast";
    case Cause::cycle: return "cycle";
    case Cause::global_pause: return "global-pause";
    case Cause::unknown: return "unknown";
  }
  return "?";
}

namespace {

Cause cause_of_root(const PortStates& ps, const Graph& g, const Run& run, std::size_t root, int lane) {
  const PortId& port = ps.ports[root].port;
  std::size_t global = 0, pausing = 0, receiving = 0, rx_known = 0;
  for (std::size_t b = run.first; b <= run.last && b < ps.states[root].size(); ++b) {
    const State& s = ps.states[root][b];
    global += bit(s.pausing, kGlobal);
    if (!on(s.pausing, lane)) continue;
    ++pausing;
    receiving += s.receiving;
    rx_known += s.rx_known;
  }
  if (global > 0) return Cause::global_pause;
  if (port.is_switch) return g.pausing[root] ? Cause::unknown : Cause::incast;
  // A host NIC pausing: with traffic to drain, its receive path is slow; without, the NIC storms.
  // Where the data has no received bytes, its receive path's own counters decide.
  if (rx_known == 0) {
    const PortBins& p = ps.ports[root];
    for (std::size_t b = run.first; b <= run.last && b < p.bins.size(); ++b) {
      const Moved& m = p.bins[b];
      for (float v : {m.out_of_buffer, m.rx_discards_port, m.pcie_stalls})
        if (!std::isnan(v) && v > 0) return Cause::slow_receiver;
    }
    return Cause::nic_storm;
  }
  return pausing > 0 && 2 * receiving >= pausing ? Cause::slow_receiver : Cause::nic_storm;
}

Storm trace(const PortStates& ps, const Grid& grid, const Run& run, const AnalyzeOptions& options) {
  Storm storm;
  const int lane = dominant_lane(ps, run);
  storm.priority = lane == kGlobal ? -1 : lane;
  const Graph g = wait_for_graph(ps, run, lane);
  const std::size_t n = ps.ports.size();

  // Every pausing or paused port's waits, followed to their ends; a root counts the ports it ends.
  std::map<std::size_t, std::size_t> reached_by;
  std::vector<std::vector<std::size_t>> cycles;
  for (std::size_t i = 0; i < n; ++i) {
    if (!g.involved[i]) continue;
    Ends ends;
    follow(g, i, ends);
    // A root is a port that pauses for no one else's reason, or a congested egress others wait for.
    for (std::size_t r : ends.roots)
      if (g.pausing[r] || (r != i && g.own_congestion[r])) ++reached_by[r];
    for (auto& c : ends.cycles) cycles.push_back(std::move(c));
  }
  // A cycle of switch buffers is the storm's cause whatever set it off: it holds itself.
  std::vector<std::size_t> origin;
  if (!cycles.empty()) {
    auto longest = *std::max_element(cycles.begin(), cycles.end(),
                                     [](const auto& a, const auto& b) { return a.size() < b.size(); });
    std::stable_sort(longest.begin(), longest.end(),
                     [&](std::size_t a, std::size_t b) { return g.first_bin[a] < g.first_bin[b]; });
    origin = longest;
    storm.cause = Cause::cycle;
  } else if (!reached_by.empty()) {
    // The root the most ports' waits end at; at a tie, the earliest (clocks within a bin are ties).
    std::size_t best = reached_by.begin()->first;
    for (const auto& [r, count] : reached_by)
      if (count > reached_by[best] || (count == reached_by[best] && g.first_bin[r] < g.first_bin[best])) best = r;
    origin = {best};
    storm.cause = cause_of_root(ps, g, run, best, lane);
  } else {
    // Pauses whose cause is in no port of the data (a switch without counters): the earliest pausing port.
    std::size_t best = n;
    for (std::size_t i = 0; i < n; ++i)
      if (g.pausing[i] && (best == n || g.first_bin[i] < g.first_bin[best])) best = i;
    if (best < n) origin = {best};
    storm.cause = Cause::unknown;
  }
  for (std::size_t o : origin) storm.origin.push_back(ps.ports[o].port);

  // The spread: every port whose waits lead to the origin, by hops (waits reversed, from the origin).
  std::vector<std::vector<std::size_t>> waited_by(n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j : g.waits_for[i]) waited_by[j].push_back(i);
  std::vector<int> hops(n, -1);
  std::deque<std::size_t> queue;
  for (std::size_t o : origin) {
    hops[o] = 0;
    queue.push_back(o);
  }
  while (!queue.empty()) {
    const std::size_t u = queue.front();
    queue.pop_front();
    for (std::size_t v : waited_by[u])
      if (hops[v] < 0) {
        hops[v] = hops[u] + 1;
        queue.push_back(v);
      }
  }
  std::size_t first = run.last, last = run.first;
  for (std::size_t i = 0; i < n; ++i) {
    if (hops[i] < 0) continue;
    Reached r;
    r.port = ps.ports[i].port;
    r.hops = hops[i];
    r.pausing = g.pausing[i];
    r.paused = g.paused[i];
    std::size_t lo = run.last + 1, hi = 0;
    for (std::size_t b = run.first; b <= run.last && b < ps.states[i].size(); ++b) {
      const State& s = ps.states[i][b];
      if (!(on(s.pausing, lane) || on(s.paused, lane) || (hops[i] == 0 && s.congested))) continue;
      lo = std::min(lo, b);
      hi = std::max(hi, b);
      r.peak_share = std::max(
          {r.peak_share, static_cast<double>(s.pause_share[lane]), static_cast<double>(s.pause_share[kGlobal])});
    }
    if (lo > hi) lo = hi = run.first;
    r.first_ms = grid.bin_start(lo);
    r.last_ms = grid.bin_start(hi);
    // Paused, and congested only while paused (a paused egress marks and queues because it is paused).
    r.victim = hops[i] > 0 && g.paused[i] && !g.own_congestion[i];
    if (hops[i] == 0) {
      // The storm starts where the origin pauses a storm's share of a bin: the light pausing a
      // sample interval spread over the bin before is traced, not its start.
      std::size_t onset = lo;
      for (std::size_t b = lo; b <= hi && b < ps.states[i].size(); ++b)
        if (std::max(ps.states[i][b].pause_share[lane], ps.states[i][b].pause_share[kGlobal]) >=
                options.states.storm_share ||
            (ps.states[i][b].congested && !g.pausing[i])) {
          onset = b;
          break;
        }
      first = std::min(first, onset);
      last = std::max(last, hi);
    }
    storm.reached.push_back(std::move(r));
  }
  std::stable_sort(storm.reached.begin(), storm.reached.end(), [](const Reached& a, const Reached& b) {
    return a.hops != b.hops ? a.hops < b.hops : a.first_ms < b.first_ms;
  });
  storm.start_ms = grid.bin_start(origin.empty() ? run.first : first);
  storm.end_ms = grid.bin_start(run.last) + grid.width_ms;
  storm.evidence = origin_evidence(ps, run.first, run.last, origin, storm.cause, lane, grid);
  storm.fixes = origin_fixes(ps, origin, storm.cause, lane);
  // What could not be seen: cables whose far end is not in the data, for the ports it reached.
  for (std::size_t i = 0; i < n; ++i)
    if (hops[i] >= 0 && ps.partner[i] && no_counters(ps.ports[i]))
      storm.unseen.push_back(ps.ports[i].port.text() +
                             ": not in the data (no recording or capture of it): what it did is read from " +
                             ps.ports[*ps.partner[i]].port.text() + " across the cable");
  for (std::size_t i = 0; i < n; ++i)
    if (hops[i] >= 0 && !ps.partner[i] && g.pausing[i])
      storm.unseen.push_back(ps.ports[i].port.text() +
                             ": the port it pauses is not in the data (no LLDP cable, or no counters of its far end)");
  if (options.max_skew_ms > grid.width_ms / 2)
    storm.unseen.push_back("clocks up to " + std::to_string(options.max_skew_ms) +
                           " ms apart: events in neighbouring bins may be in either order");
  return storm;
}

// A host at the far end of a switch port's cable that is not in the data (it kept no recording):
// a port with no counters, read from the switch port's across the cable, so that a NIC pausing its
// switch port can be the origin though its host left nothing. (A switch missing from the data is
// not added: the hosts it pauses then have no one to wait for, as before.)
void add_unseen_hosts(const std::vector<Cable>& cables, const Grid& grid, std::vector<PortBins>& bins) {
  std::set<PortId> seen;
  for (const auto& b : bins) seen.insert(b.port);
  for (const auto& c : cables)
    for (const auto& [host, sw] : {std::pair{c.a, c.b}, std::pair{c.b, c.a}}) {
      if (host.is_switch || !sw.is_switch || seen.count(host) || !seen.count(sw)) continue;
      PortBins unseen{host, 0, std::vector<Moved>(grid.bins, unknown_bin())};
      for (const auto& b : bins)
        if (b.port == sw) unseen.line_gbps = b.line_gbps;
      seen.insert(host);
      bins.push_back(std::move(unseen));
    }
}

}  // namespace

Analysis analyze(const Incident& incident, const AnalyzeOptions& options) {
  Analysis out;
  out.grid = grid_of(incident.ports, options.bin_ms);
  out.ports = incident.ports.size();
  out.cables = incident.cables.size();
  out.notes = incident.notes;
  std::vector<PortBins> bins;
  bins.reserve(incident.ports.size());
  for (const auto& p : incident.ports) bins.push_back(bin_series(p, out.grid));
  add_unseen_hosts(incident.cables, out.grid, bins);
  const PortStates ps = port_states(std::move(bins), incident.cables, out.grid.width_ms, options.states);
  for (const Run& run : storm_runs(ps, out.grid.bins, options.gap_bins))
    if (stormy(ps, run, options.states.storm_share)) out.storms.push_back(trace(ps, out.grid, run, options));
  return out;
}

}  // namespace roce::storm
