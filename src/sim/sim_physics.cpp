// The simulated port, per second of simulated time. Units: bytes, packets, seconds, µs; Gb/s = 1e9 bit/s.
//
// Classification. Each [[port.load]] class lands on priority p = classify(port, class): with trust
// dscp the DSCP map (mlx5's default dscp>>3 unless dscp_prio overrides it), with trust pcp its PCP.
//
// Packets. RoCE MTU m = roce_active_mtu(netdev mtu) (mtu - 96 header bytes, floored to 256..4096).
// A class's packets carry payload min(message_bytes, m) and 62 bytes of headers on the wire
// (Ethernet+FCS 18, IPv4 20, UDP 8, BTH 12, ICRC 4): frame = payload + 62.
//   offered_bytes = gbps * 1e9 / 8,  offered_packets = offered_bytes / frame        (per class)
//
// Congestion of priority p. S = speed (Gb/s), T = all classes' Gb/s on the port, L_p and F_p the
// Gb/s and largest incast fan-in on p:
//   over = max(0, T - S) / S                           (the port as a whole is oversubscribed)
//   burst = 0.02 * (F_p - 1) * min(1, L_p / S)         (incast: F senders' windows collide)
//   c_p = min(0.95, over + burst)                       share of time p's queue sits above XOFF
// DCQCN (ecn_np and ecn_rp both on p; the peers are configured like this port) holds the queue at
// the ECN threshold instead:  c_eff = 0.05 * c_p, else c_eff = c_p.
//
// PFC on p (pfc_enable has p): the port pauses its peers, and they it, for the share c_eff:
//   pause_us = 1e6 * c_eff (tx and rx)
//   pause_frames = pause_us / refresh_us, refresh_us = half a 65535-quanta pause at speed
//                  = 65535 * 512 / (speed_mbps) / 2 µs                              (tx and rx)
//   pause_transitions = pause_frames / 2
// Headroom. H = physics::mlx5_min_lossless_buffer(speed, cable_m, mtu) with the REAL cable length;
// b = buffer_size[prio2buffer[p]]. b >= H: no drops. b < H: every XOFF lets (H - b) bytes more
// arrive than fit, lost:   drops = pause_transitions * (H - b) / frame
// No PFC on p: while congested, what one link cannot drain of F_p senders is lost:
//   drops = offered_packets * c_eff * max(1 - 1/F_p, over / (1 + over))
// ECN. With np on p the switch marks and this port returns CNPs (at most one per 50 µs per sender):
//   ecn_marked = offered_packets * c_p * 0.01, cnp_sent = min(ecn_marked, 20000 * F_p),
//   cnp_handled = cnp_sent when rp is on p (the peers mark and notify like this port), else 0.
// Delivered: rx = offered * min(1, S / T) - drops (bytes in proportion); tx mirrors rx.
// Transport. Each lost packet is one out_of_sequence (responder), one packet_seq_err NAK and one
// retransmission (requester): out_of_sequence = packet_seq_err = roce_adp_retrans = drops.
// Counters accumulate floor(rate * t1) - floor(rate * t0) for simulated times t0 < t1, so the
// result depends on the clock only (not on how time was split into waits).
#include "sim/sim_physics.hpp"

#include <algorithm>
#include <cmath>

#include "physics/headroom.hpp"

namespace roce::sim {

std::uint32_t roce_active_mtu(std::uint32_t netdev_mtu) {
  constexpr std::uint32_t kIbHeaders = 96;  // GRH 40, UDP 8, BTH 12, XRC 4, AtomicETH 28, ICRC 4
  const std::uint32_t room = netdev_mtu > kIbHeaders ? netdev_mtu - kIbHeaders : 0;
  for (std::uint32_t m : {4096u, 2048u, 1024u, 512u})
    if (room >= m) return m;
  return 256;
}

PortRates rates_of(const SimPort& port) {
  PortRates out;
  const double speed_gbps = port.speed_mbps / 1000.0;
  const std::uint32_t roce_mtu = roce_active_mtu(port.mtu);
  out.headroom_needed = physics::mlx5_min_lossless_buffer(port.speed_mbps, port.cable_m, port.mtu);

  double total_gbps = 0;
  model::PerPrio<double> gbps{};
  model::PerPrio<std::uint32_t> fan_in{};
  for (const auto& c : port.load) {
    const int p = classify(port, c);
    const double frame = std::min(c.message_bytes, roce_mtu) + 62.0;
    const double bytes = c.gbps * 1e9 / 8;
    out.prio[p].offered_bytes += bytes;
    out.prio[p].offered_packets += bytes / frame;
    gbps[p] += c.gbps;
    fan_in[p] = std::max(fan_in[p], c.incast);
    total_gbps += c.gbps;
  }
  const double over = std::max(0.0, total_gbps - speed_gbps) / speed_gbps;
  const double delivered_share = total_gbps > speed_gbps ? speed_gbps / total_gbps : 1.0;
  const double refresh_us = 65535.0 * 512 / port.speed_mbps / 2;

  for (int p = 0; p < model::kPriorities; ++p) {
    PrioRates& r = out.prio[p];
    if (r.offered_packets <= 0) continue;
    const double frame = r.offered_bytes / r.offered_packets;
    const double burst = 0.02 * (fan_in[p] - 1.0) * std::min(1.0, gbps[p] / speed_gbps);
    r.congestion = std::min(0.95, over + burst);
    const bool np = (port.ecn_np >> p) & 1, rp = (port.ecn_rp >> p) & 1;
    const double c_eff = np && rp ? 0.05 * r.congestion : r.congestion;
    if ((port.pfc_en >> p) & 1) {
      r.pause_fraction = c_eff;
      r.pause_us = 1e6 * c_eff;
      r.pause_frames = r.pause_us / refresh_us;
      r.pause_transitions = r.pause_frames / 2;
      const std::uint32_t b = port.buffer.buffer_size[port.buffer.prio2buffer[p] & 7];
      if (b < out.headroom_needed) {
        r.drops = r.pause_transitions * (out.headroom_needed - b) / frame;
        r.headroom_drops = true;
      }
    } else {
      const double f = static_cast<double>(fan_in[p]);
      r.drops = r.offered_packets * c_eff * std::max(1.0 - 1.0 / f, over / (1.0 + over));
    }
    r.drops = std::min(r.drops, r.offered_packets);
    if (np) {
      r.ecn_marked = r.offered_packets * r.congestion * 0.01;
      r.cnp_sent = std::min(r.ecn_marked, 20000.0 * fan_in[p]);
      r.cnp_handled = rp ? r.cnp_sent : 0;
    }
    r.rx_packets = r.offered_packets * delivered_share - r.drops;
    r.rx_bytes = r.rx_packets * frame;
    out.drops += r.drops;
  }
  return out;
}

namespace {

class Accumulator {
 public:
  Accumulator(SimPort& port, std::uint64_t t0_ns, std::uint64_t t1_ns)
      : c_(port.counters), t0_(t0_ns / 1e9), t1_(t1_ns / 1e9) {}
  void add(const std::string& name, double per_second) {
    auto& v = c_[name];
    if (per_second <= 0) return;
    const double inc = std::floor(per_second * t1_) - std::floor(per_second * t0_);
    if (inc > 0) v += static_cast<std::uint64_t>(inc);
  }

 private:
  std::map<std::string, std::uint64_t>& c_;
  double t0_, t1_;
};

}  // namespace

void advance(SimPort& port, std::uint64_t t0_ns, std::uint64_t t1_ns) {
  if (t1_ns <= t0_ns) return;
  const PortRates r = rates_of(port);
  Accumulator a(port, t0_ns, t1_ns);
  double rx_bytes = 0, rx_packets = 0, marked = 0, cnp_sent = 0, cnp_handled = 0;
  for (int p = 0; p < model::kPriorities; ++p) {
    const PrioRates& q = r.prio[p];
    const std::string pp = "prio" + std::to_string(p);
    a.add("rx_" + pp + "_bytes", q.rx_bytes);
    a.add("rx_" + pp + "_packets", q.rx_packets);
    a.add("tx_" + pp + "_bytes", q.rx_bytes);
    a.add("tx_" + pp + "_packets", q.rx_packets);
    a.add("rx_" + pp + "_discards", q.drops);
    // rx_prioN_buf_discard counts a different cause (no per-host receive buffer) that adds to
    // rx_prioN_discards in rx_discards_phy (DROP-LOSSLESS sums the two): headroom drops are not it.
    if (!q.headroom_drops) a.add("rx_" + pp + "_cong_discard", q.drops);
    a.add("rx_" + pp + "_marked", q.ecn_marked);
    if ((port.pfc_en >> p) & 1) {
      for (const char* dir : {"rx_", "tx_"}) {
        a.add(dir + pp + "_pause", q.pause_frames);
        a.add(dir + pp + "_pause_duration", q.pause_us);
      }
      a.add("rx_" + pp + "_pause_transition", q.pause_transitions);
    }
    rx_bytes += q.rx_bytes;
    rx_packets += q.rx_packets;
    marked += q.ecn_marked;
    cnp_sent += q.cnp_sent;
    cnp_handled += q.cnp_handled;
  }
  for (const char* dir : {"rx", "tx"}) {
    a.add(std::string(dir) + "_vport_rdma_unicast_bytes", rx_bytes);
    a.add(std::string(dir) + "_vport_rdma_unicast_packets", rx_packets);
    a.add(std::string(dir) + "_bytes_phy", rx_bytes);
    a.add(std::string(dir) + "_packets_phy", rx_packets);
  }
  a.add("rx_discards_phy", r.drops);
  a.add("np_ecn_marked_roce_packets", marked);
  a.add("np_cnp_sent", cnp_sent);
  a.add("rp_cnp_handled", cnp_handled);
  a.add("out_of_sequence", r.drops);
  a.add("packet_seq_err", r.drops);
  a.add("roce_adp_retrans", r.drops);
  a.add("rx_write_requests", rx_packets / 16);  // 64 KiB writes of 4 KiB packets
}

}  // namespace roce::sim
