#pragma once
// The simulator's model of a port: per second of simulated time, what the offered load does to
// the counters given the configuration. sim_physics.cpp documents the equations.
#include <cstdint>

#include "model/dcb.hpp"
#include "sim/sim_model.hpp"

namespace roce::sim {

struct PrioRates {  // per second
  double offered_bytes = 0, offered_packets = 0;
  double rx_bytes = 0, rx_packets = 0;  // delivered (tx mirrors rx: the peers are like this port)
  double congestion = 0;                // c: share of time above XOFF with nothing slowing senders
  double pause_fraction = 0;            // share of time paused (tx and rx), PFC priorities only
  double pause_us = 0, pause_frames = 0, pause_transitions = 0;
  double drops = 0;             // packets
  bool headroom_drops = false;  // lossless drops (buffer below headroom), else lossy
  double ecn_marked = 0, cnp_sent = 0, cnp_handled = 0;
};

struct PortRates {
  model::PerPrio<PrioRates> prio;
  double drops = 0;                   // all priorities
  std::uint32_t headroom_needed = 0;  // bytes, physics::mlx5_min_lossless_buffer at the real cable
};

/// RoCE path MTU for a netdev MTU (IB headers taken off, then the largest of 256..4096 that fits).
std::uint32_t roce_active_mtu(std::uint32_t netdev_mtu);

PortRates rates_of(const SimPort& port);

/// Adds what happens between simulated times t0 and t1 (ns) to the port's counters.
void advance(SimPort& port, std::uint64_t t0_ns, std::uint64_t t1_ns);

}  // namespace roce::sim
