#pragma once
// What runs on a simulated fabric: flows (a source host, a destination host, a priority, an offered
// rate, a start and an end) routed over the cables, and faults of hosts (a receive path slower than
// line rate, a NIC that pauses while receiving nothing) and hosts that use 802.3x global pause
// instead of PFC.
#include <cstdint>
#include <vector>

#include "sim/lossless_fabric.hpp"

namespace roce::sim {

struct Flow {
  int src = -1, dst = -1;  // host node indices
  int priority = 3;
  double gbps = 0;  // offered; a paused sender sends less and its application waits (nothing is lost)
  double start_s = 0, end_s = 1e9;
  /// Switches the flow passes, in order, each cabled to the next (the first is the source's leaf,
  /// the last the destination's). Empty: up to a spine chosen by the ECMP hash and down.
  std::vector<int> via = {};
};

enum class FaultKind {
  slow_receiver,    // the host drains its receive buffer at rx_share of line rate
  nic_pause_storm,  // the NIC pauses its switch port on its lossless priorities and takes nothing in
};

enum class SlowCause { pcie, receive_queues };  // PCIe back-pressure, or no receive WQEs posted

struct Fault {
  FaultKind kind = FaultKind::slow_receiver;
  int host = -1;
  double start_s = 0, end_s = 1e9;
  double rx_share = 0.3;  // slow_receiver: the share of line rate the host still takes in
  SlowCause cause = SlowCause::pcie;
};

struct Traffic {
  std::vector<Flow> flows;
  std::vector<Fault> faults;
  std::vector<int> global_pause_hosts;  // PFC off, 802.3x pause on (rx and tx), and the leaf port honours it
};

/// One hop of a route: a node and the port the flow leaves it by.
struct Hop {
  int node = -1, port = -1;
};

/// The hops of a flow from its source host to the last switch (whose port faces the destination).
/// Empty when the flow cannot be routed (a `via` switch not cabled to the next, hosts unknown).
std::vector<Hop> route(const Fabric& fabric, const Flow& flow, std::uint32_t flow_number);

/// The ECMP choice among `n` equal paths: a hash of the flow's ends and number (its UDP source port).
int ecmp_choice(int src, int dst, std::uint32_t flow_number, int n);

}  // namespace roce::sim
