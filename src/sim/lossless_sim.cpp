// The fluid model of lossless queues: one step, and the run that compresses steady stretches.
#include "sim/lossless_sim.hpp"

#include <algorithm>
#include <cmath>

namespace roce::sim {
namespace {

constexpr int kP = slot::kPrios;
constexpr double kSourceBacklog = 256 * 1024;  // a sender's queue: beyond it the application waits
constexpr double kFrameBytes = 4150;           // a RoCE frame with a 4096 B payload
constexpr double kCnpGapUs = 4;                // mlx5: at most one CNP per QP every 4 us
constexpr double kWqeMissShare = 0.02;         // receive_queues: share of packets finding no WQE

bool bit(std::uint8_t mask, int p) { return (mask >> p) & 1; }

bool close(double a, double b, double tolerance, double floor) {
  return std::fabs(a - b) <= tolerance * std::max(std::fabs(a), std::fabs(b)) + floor;
}

}  // namespace

LosslessSim::LosslessSim(const Fabric& fabric, const Traffic& traffic, const SimClock& clock,
                         const SwitchBufferSettings& buffers)
    : fabric_(fabric), clock_(clock), buffers_(buffers), faults_(traffic.faults) {
  int total = 0;
  for (const auto& n : fabric_.nodes) {
    first_port_.push_back(total);
    total += static_cast<int>(n.ports.size());
  }
  auto is_global = [&](int node) {
    return std::find(traffic.global_pause_hosts.begin(), traffic.global_pause_hosts.end(), node) !=
           traffic.global_pause_hosts.end();
  };
  for (std::size_t n = 0; n < fabric_.nodes.size(); ++n) {
    const FabricNode& node = fabric_.nodes[n];
    for (const FabricPort& fp : node.ports) {
      Port p;
      p.node = static_cast<int>(n);
      p.peer = fp.peer_node < 0 ? -1 : first_port_[fp.peer_node] + fp.peer_port;
      p.is_switch = node.is_switch();
      p.bytes_per_us = fp.speed_mbps / 8.0;
      p.refresh_us = 65535.0 * 512 / fp.speed_mbps / 2;  // half of a full pause quantum
      if (p.is_switch) {
        p.pfc = fabric_.lossless;
        p.global_pause = fp.peer_node >= 0 && is_global(fp.peer_node);
        p.pg = switch_pg_buffer(fp.speed_mbps, fp.cable_m, fabric_.mtu);
        p.ecn = switch_ecn(fp.speed_mbps);
      } else {
        p.global_pause = is_global(static_cast<int>(n));
        p.pfc = p.global_pause ? 0 : fabric_.lossless;
        p.nic = nic_buffer(fp.speed_mbps, fp.cable_m, fabric_.mtu);
      }
      ports_.push_back(p);
    }
  }
  const std::size_t slots = ports_.size() * kP;
  counters_.assign(ports_.size() * slot::kCount, 0);
  for (auto* v :
       {&queue_, &held_, &next_refresh_, &served_fraction_, &arrivals_pg_, &departed_pg_, &rxbuf_, &admit_ratio_})
    v->assign(slots, 0);
  xoff_.assign(slots, 0);
  gxoff_.assign(ports_.size(), 0);
  storm_.assign(ports_.size(), 0);
  slow_.assign(ports_.size(), 0);
  slow_cause_.assign(ports_.size(), SlowCause::pcie);
  g_next_refresh_.assign(ports_.size(), 0);
  rx_share_.assign(ports_.size(), 1);
  step_arrived_.assign(ports_.size(), 0);
  first_pausing_.assign(ports_.size(), -1);
  first_paused_.assign(ports_.size(), -1);
  node_held_.assign(fabric_.nodes.size(), 0);
  build(traffic);
}

void LosslessSim::build(const Traffic& traffic) {
  for (std::size_t i = 0; i < traffic.flows.size(); ++i) {
    const Flow& flow = traffic.flows[i];
    FlowState fs;
    fs.bytes_per_us = flow.gbps * 125;  // Gb/s -> bytes per us
    fs.start_us = flow.start_s * 1e6;
    fs.end_us = flow.end_s * 1e6;
    const auto hops = route(fabric_, flow, static_cast<std::uint32_t>(i));
    const int prio = std::clamp(flow.priority, 0, kP - 1);
    if (!hops.empty()) {
      used_prios_ |= static_cast<std::uint8_t>(1 << prio);
      fs.first_hop = static_cast<int>(hops_.size());
      for (std::size_t k = 0; k < hops.size(); ++k) {
        const int gp = port_index(hops[k].node, hops[k].port);
        HopState h;
        h.queue = gp * kP + prio;
        h.node = hops[k].node;
        h.flow = static_cast<int>(i);
        if (k > 0) h.pg = ports_[port_index(hops[k - 1].node, hops[k - 1].port)].peer * kP + prio;
        if (k + 1 < hops.size())
          h.next = static_cast<int>(hops_.size()) + 1;
        else
          h.rx = ports_[gp].peer * kP + prio;
        hops_.push_back(h);
      }
      fs.src_port = port_index(hops.front().node, hops.front().port);
      fs.dst_port = ports_[port_index(hops.back().node, hops.back().port)].peer;
    }
    flows_.push_back(fs);
    for (double t : {fs.start_us, fs.end_us}) events_us_.push_back(t);
  }
  for (const Fault& f : traffic.faults) {
    events_us_.push_back(f.start_s * 1e6);
    events_us_.push_back(f.end_s * 1e6);
    if (f.host >= 0 && f.host < static_cast<int>(fabric_.nodes.size()) && !fabric_.nodes[f.host].ports.empty())
      fault_ports_.push_back(port_index(f.host, 0));
  }
  std::sort(events_us_.begin(), events_us_.end());
  events_us_.erase(std::unique(events_us_.begin(), events_us_.end()), events_us_.end());
  arriving_.assign(hops_.size(), 0);
  arriving_marked_.assign(hops_.size(), 0);
}

double LosslessSim::pg_threshold(int switch_node) const {
  return buffers_.pool.alpha * std::max(0.0, buffers_.pool.bytes - node_held_[switch_node]);
}

void LosslessSim::watch_from(double us) {
  watch_from_us_ = us;
  std::fill(first_pausing_.begin(), first_pausing_.end(), -1);
  std::fill(first_paused_.begin(), first_paused_.end(), -1);
}

void LosslessSim::apply_faults() {
  for (int gp : fault_ports_) {
    rx_share_[gp] = 1;
    storm_[gp] = 0;
    slow_[gp] = 0;
  }
  for (const Fault& f : faults_) {
    if (now_us_ < f.start_s * 1e6 || now_us_ >= f.end_s * 1e6 || f.host < 0) continue;
    const int gp = port_index(f.host, 0);
    if (f.kind == FaultKind::nic_pause_storm) {
      storm_[gp] = 1;
      rx_share_[gp] = 0;
    } else {
      slow_[gp] = 1;
      slow_cause_[gp] = f.cause;
      rx_share_[gp] = std::clamp(f.rx_share, 0.0, 1.0);
    }
  }
}

// One pause lane of port gp (a PFC priority, or 802.3x): XOFF when it starts wanting to pause,
// a refresh every refresh_us while it does, XON when it stops; the time it pauses, and the time its
// peer is paused if the peer honours the lane.
void LosslessSim::pause_step(int gp, const PauseLane& lane, bool want) {
  const int peer = ports_[gp].peer;
  if (peer < 0) return;
  auto frame = [&] {
    c(gp, lane.tx_frames) += 1;
    c(peer, lane.rx_frames) += 1;
  };
  if (want && !*lane.xoff) {
    *lane.xoff = 1;
    frame();
    *lane.next_refresh = now_us_ + ports_[gp].refresh_us;
    if (now_us_ >= watch_from_us_ && first_pausing_[gp] < 0) first_pausing_[gp] = now_us_;
  } else if (want && now_us_ >= *lane.next_refresh) {
    frame();
    *lane.next_refresh = now_us_ + ports_[gp].refresh_us;
  } else if (!want && *lane.xoff) {
    *lane.xoff = 0;
    frame();  // XON: a pause frame with zero quanta
    c(peer, lane.rx_transitions) += 1;
  }
  if (!*lane.xoff) return;
  c(gp, lane.tx_us) += clock_.dt_us;
  if (lane.peer_honours) {
    c(peer, lane.rx_us) += clock_.dt_us;
    if (now_us_ >= watch_from_us_ && first_paused_[peer] < 0) first_paused_[peer] = now_us_;
  }
}

void LosslessSim::update_pauses(int gp, int p, bool want) {
  const int i = gp * kP + p;
  const int peer = ports_[gp].peer;
  pause_step(gp,
             {&xoff_[i], &next_refresh_[i], slot::tx_pause + p, slot::rx_pause + p, slot::rx_pause_transitions + p,
              slot::tx_pause_us + p, slot::rx_pause_us + p, peer >= 0 && bit(ports_[peer].pfc, p)},
             want);
}

void LosslessSim::update_global_pause(int gp, bool want) {
  const int peer = ports_[gp].peer;
  pause_step(gp,
             {&gxoff_[gp], &g_next_refresh_[gp], slot::global_tx_pause, slot::global_rx_pause,
              slot::global_rx_pause_transitions, slot::global_tx_pause_us, slot::global_rx_pause_us,
              peer >= 0 && ports_[peer].global_pause},
             want);
}

bool LosslessSim::paused(int node, int port, int prio) const {
  const int gp = port_index(node, port);
  const Port& me = ports_[gp];
  if (me.peer < 0) return false;
  return (bit(me.pfc, prio) && xoff_[me.peer * kP + prio]) || (me.global_pause && gxoff_[me.peer]);
}

bool LosslessSim::pausing(int node, int port, int prio) const {
  const int gp = port_index(node, port);
  return prio < 0 ? gxoff_[gp] != 0 : xoff_[gp * kP + prio] != 0;
}

double LosslessSim::queue_bytes(int node, int port, int prio) const {
  const int q = port_index(node, port) * kP + prio;
  double sum = 0;
  for (const auto& h : hops_)
    if (h.queue == q) sum += h.bytes;
  return sum;
}

double LosslessSim::held_bytes(int node, int port, int prio) const {
  const int i = port_index(node, port) * kP + prio;
  if (!ports_[port_index(node, port)].is_switch) return rxbuf_[i];
  double sum = 0;
  for (const auto& h : hops_)
    if (h.pg == i) sum += h.bytes;
  return sum;
}

void LosslessSim::one_step() {
  const double dt = clock_.dt_us;
  apply_faults();
  for (const FlowState& f : flows_)
    if (f.first_hop >= 0 && now_us_ >= f.start_us && now_us_ < f.end_us) {
      double& b = hops_[f.first_hop].bytes;
      b = std::min(kSourceBacklog, b + f.bytes_per_us * dt);
    }

  // Where the bytes are.
  std::fill(queue_.begin(), queue_.end(), 0);
  std::fill(held_.begin(), held_.end(), 0);
  std::fill(node_held_.begin(), node_held_.end(), 0);
  for (const HopState& h : hops_) {
    queue_[h.queue] += h.bytes;
    if (h.pg >= 0) {
      held_[h.pg] += h.bytes;
      node_held_[h.node] += h.bytes;
    }
  }

  // Who asks whom to stop.
  const int n_ports = port_count();
  for (int gp = 0; gp < n_ports; ++gp) {
    const Port& port = ports_[gp];
    if (port.is_switch) {
      const double threshold = pg_threshold(port.node);
      for (int p = 0; p < kP; ++p) {
        if (!bit(port.pfc, p) || !bit(used_prios_, p)) continue;
        const double occ = held_[gp * kP + p];
        update_pauses(gp, p, xoff_[gp * kP + p] ? occ > threshold - port.pg.xon_gap : occ > threshold);
      }
    } else if (port.global_pause) {
      double total = 0;
      for (int p = 0; p < kP; ++p) total += rxbuf_[gp * kP + p];
      update_global_pause(
          gp, storm_[gp] || (gxoff_[gp] ? total > port.nic.xon_threshold : total > port.nic.xoff_threshold));
    } else {
      for (int p = 0; p < kP; ++p) {
        if (!bit(port.pfc, p)) continue;
        const double b = rxbuf_[gp * kP + p];
        const bool want = storm_[gp] || (xoff_[gp * kP + p] ? b > port.nic.xon_threshold : b > port.nic.xoff_threshold);
        if (want || xoff_[gp * kP + p]) update_pauses(gp, p, want);
      }
    }
  }

  // Each port serves its unpaused queues, sharing its line rate equally among those with bytes.
  std::fill(served_fraction_.begin(), served_fraction_.end(), 0);
  for (int gp = 0; gp < n_ports; ++gp) {
    const Port& port = ports_[gp];
    int active[kP];
    int n = 0;
    for (int p = 0; p < kP; ++p)
      if (bit(used_prios_, p) && queue_[gp * kP + p] > 0 && !paused(port.node, gp - first_port_[port.node], p))
        active[n++] = p;
    double budget = port.bytes_per_us * dt;
    while (n > 0 && budget > 0) {
      const double share = budget / n;
      int kept = 0;
      for (int k = 0; k < n; ++k) {
        const int i = gp * kP + active[k];
        const double want = queue_[i] * (1 - served_fraction_[i]);
        if (want <= share) {
          served_fraction_[i] = 1;
          budget -= want;
        } else {
          active[kept++] = active[k];
        }
      }
      if (kept == n) {
        for (int k = 0; k < n; ++k) served_fraction_[gp * kP + active[k]] += share / queue_[gp * kP + active[k]];
        budget = 0;
      }
      n = kept;
    }
  }

  // Departures, ECN marks on switch egress, deliveries to hosts.
  std::fill(arriving_.begin(), arriving_.end(), 0);
  std::fill(arriving_marked_.begin(), arriving_marked_.end(), 0);
  std::fill(arrivals_pg_.begin(), arrivals_pg_.end(), 0);
  std::fill(departed_pg_.begin(), departed_pg_.end(), 0);
  std::fill(step_arrived_.begin(), step_arrived_.end(), 0);
  for (std::size_t hi = 0; hi < hops_.size(); ++hi) {
    HopState& h = hops_[hi];
    const double f = served_fraction_[h.queue];
    if (f <= 0 || h.bytes <= 0) continue;
    const double out = h.bytes * f;
    double out_marked = h.marked * f;
    h.bytes -= out;
    h.marked -= out_marked;
    const int gp = h.queue / kP, p = h.queue % kP;
    const int peer = ports_[gp].peer;
    c(gp, slot::tx_bytes + p) += out;
    c(peer, slot::rx_bytes + p) += out;
    if (ports_[gp].is_switch) {
      const double marked = (out - out_marked) * ports_[gp].ecn.mark_probability(queue_[h.queue]);
      out_marked += marked;
      c(gp, slot::ecn_marked_bytes + p) += marked;
    }
    if (h.pg >= 0) departed_pg_[h.pg] += out;
    if (h.next >= 0) {
      arriving_[h.next] += out;
      arriving_marked_[h.next] += out_marked;
      arrivals_pg_[hops_[h.next].pg] += out;
    } else {
      rxbuf_[h.rx] += out;
      step_arrived_[peer] += out;
      c(peer, slot::ecn_marked_bytes + p) += out_marked;
      const double cnps = std::min(out_marked / kFrameBytes, dt / kCnpGapUs);
      c(peer, slot::cnp_sent) += cnps;
      c(flows_[h.flow].src_port, slot::cnp_handled) += cnps;
    }
  }

  // Switch ingress admission: a PG takes what fits under its threshold plus headroom (lossless) or
  // its threshold (lossy); the rest is dropped on that ingress port.
  for (std::size_t i = 0; i < arrivals_pg_.size(); ++i) {
    if (arrivals_pg_[i] <= 0) continue;
    const int gp = static_cast<int>(i) / kP, p = static_cast<int>(i) % kP;
    const Port& port = ports_[gp];
    const double threshold = pg_threshold(port.node);
    const double limit =
        bit(port.pfc, p) ? threshold + port.pg.headroom : std::min(threshold, buffers_.lossy_queue_bytes);
    const double room = std::max(0.0, limit - (held_[i] - departed_pg_[i]));
    admit_ratio_[i] = std::min(1.0, room / arrivals_pg_[i]);
    c(gp, slot::rx_discard_bytes + p) += arrivals_pg_[i] * (1 - admit_ratio_[i]);
  }
  for (std::size_t hi = 0; hi < hops_.size(); ++hi) {
    if (arriving_[hi] <= 0) continue;
    HopState& h = hops_[hi];
    h.bytes += arriving_[hi] * admit_ratio_[h.pg];
    h.marked += arriving_marked_[hi] * admit_ratio_[h.pg];
  }

  // Hosts take in what their receive path allows; a buffer over its size drops.
  for (int gp = 0; gp < n_ports; ++gp) {
    const Port& port = ports_[gp];
    if (port.is_switch) continue;
    double total = 0;
    for (int p = 0; p < kP; ++p) total += rxbuf_[gp * kP + p];
    if (total <= 0) continue;
    const double take = std::min(1.0, rx_share_[gp] * port.bytes_per_us * dt / total);
    for (int p = 0; p < kP; ++p) {
      double& b = rxbuf_[gp * kP + p];
      b -= b * take;
      if (b > port.nic.size) {
        c(gp, slot::rx_discard_bytes + p) += b - port.nic.size;
        b = port.nic.size;
      }
    }
    if (slow_[gp] && total > port.nic.xon_threshold) {
      if (slow_cause_[gp] == SlowCause::pcie)
        c(gp, slot::pcie_stall_us) += dt;
      else
        c(gp, slot::out_of_buffer) += step_arrived_[gp] / kFrameBytes * kWqeMissShare;
    }
  }
  now_us_ += dt;
}

void LosslessSim::step(long steps) {
  for (long i = 0; i < steps; ++i) one_step();
}

LosslessSim::Chunk LosslessSim::chunk_summary(const std::vector<double>& before) const {
  Chunk s;
  for (std::size_t gp = 0; gp < ports_.size(); ++gp) {
    const double* now = &counters_[gp * slot::kCount];
    const double* was = &before[gp * slot::kCount];
    for (int p = 0; p < kP; ++p) {
      s.moved += now[slot::tx_bytes + p] - was[slot::tx_bytes + p];
      s.frames += now[slot::tx_pause + p] - was[slot::tx_pause + p];
      s.paused += now[slot::rx_pause_us + p] - was[slot::rx_pause_us + p];
    }
    s.frames += now[slot::global_tx_pause] - was[slot::global_tx_pause];
    s.paused += now[slot::global_rx_pause_us] - was[slot::global_rx_pause_us];
  }
  for (const auto& h : hops_) s.held += h.bytes;
  for (double b : rxbuf_) s.held += b;
  return s;
}

void LosslessSim::run_until(double until_s, CounterSink* sink) {
  const double target = until_s * 1e6;
  const double eps = clock_.dt_us / 2;
  std::vector<double> before;
  while (now_us_ < target - eps) {
    double next = target;
    for (double e : events_us_)
      if (e > now_us_ + eps) {
        next = std::min(next, e);
        break;
      }
    Chunk previous;
    bool have_previous = false, steady = false;
    std::vector<double> rates;
    for (int chunks = 0; now_us_ < next - eps;) {
      const double t0 = now_us_;
      before = counters_;
      if (steady) {
        for (std::size_t i = 0; i < counters_.size(); ++i) counters_[i] += rates[i] * (next - t0);
        now_us_ = next;
        if (sink) sink->stretch(t0, before, now_us_, counters_);
        break;
      }
      const double end = std::min(t0 + clock_.chunk_us, next);
      step(std::max(1L, std::lround((end - t0) / clock_.dt_us)));
      if (sink) sink->stretch(t0, before, now_us_, counters_);
      const Chunk s = chunk_summary(before);
      const double tol = clock_.steady_tolerance;
      const bool settled = have_previous && close(s.moved, previous.moved, tol, 1e3) &&
                           close(s.frames, previous.frames, tol, 2) && close(s.paused, previous.paused, tol, 5) &&
                           close(s.held, previous.held, tol, 1e4);
      if (settled || ++chunks >= clock_.max_settle_chunks) {
        steady = true;
        rates.resize(counters_.size());
        const double span = now_us_ - t0;
        for (std::size_t i = 0; i < counters_.size(); ++i) rates[i] = (counters_[i] - before[i]) / span;
      }
      previous = s;
      have_previous = true;
    }
  }
}

}  // namespace roce::sim
