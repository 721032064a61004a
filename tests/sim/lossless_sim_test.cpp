// The lossless fabric model's physics on small fabrics: pauses stop an egress, XOFF/XON hysteresis,
// headroom from src/physics, a slow receiver pausing its switch port, incast pauses climbing back
// hop by hop, 802.3x pause counted as global.
#include <catch2/catch.hpp>

#include "physics/headroom.hpp"
#include "sim/lossless_sim.hpp"

namespace roce::test {

using namespace roce::sim;

namespace {

constexpr int kLossless = 3;

Fabric one_leaf(int hosts) { return leaf_spine({1, hosts, 0, 100000, 3, 30}); }

Fabric two_leaves() { return leaf_spine({2, 4, 1, 100000, 3, 30}); }

double tx_bytes(const LosslessSim& sim, int node, int port, int prio = kLossless) {
  return sim.counter(node, port, slot::tx_bytes + prio);
}

// The port of `node` cabled to `peer`.
int port_to(const Fabric& f, int node, int peer) {
  for (std::size_t i = 0; i < f.nodes[node].ports.size(); ++i)
    if (f.nodes[node].ports[i].peer_node == peer) return static_cast<int>(i);
  FAIL("no cable");
  return -1;
}

}  // namespace

TEST_CASE("a paused egress stops sending on that priority") {
  const Fabric f = one_leaf(2);
  const int a = f.hosts[0], b = f.hosts[1], leaf = f.leaves[0];
  Traffic t;
  t.flows.push_back({a, b, kLossless, 50, 0, 1});
  t.faults.push_back({FaultKind::nic_pause_storm, b, 0.0005, 1, 0, SlowCause::pcie});
  LosslessSim sim(f, t);
  sim.step(400);  // 400 us: traffic flows to b
  const int leaf_to_b = port_to(f, leaf, b);
  CHECK(tx_bytes(sim, leaf, leaf_to_b) > 1e6);
  sim.step(200);  // the storm began at 500 us
  REQUIRE(sim.pausing(b, 0, kLossless));
  REQUIRE(sim.paused(leaf, leaf_to_b, kLossless));
  const double sent = tx_bytes(sim, leaf, leaf_to_b);
  sim.step(300);
  CHECK(tx_bytes(sim, leaf, leaf_to_b) == sent);
  CHECK(sim.queue_bytes(leaf, leaf_to_b, kLossless) > 0);
  CHECK(sim.counter(leaf, leaf_to_b, slot::rx_pause_us + kLossless) > 0);
  CHECK(sim.counter(leaf, leaf_to_b, slot::rx_pause + kLossless) >= 2);  // the XOFF and its refreshes
  CHECK(sim.counter(b, 0, slot::rx_bytes + kLossless) ==
        Approx(sim.counter(leaf, leaf_to_b, slot::tx_bytes + kLossless)));
}

TEST_CASE("the host's receive buffer thresholds come from mlx5's headroom formula") {
  const Fabric f = one_leaf(2);
  LosslessSim sim(f, {});
  const NicBuffer& nic = sim.nic_buffer_of(f.hosts[0], 0);
  const auto xoff = physics::mlx5_xoff_bytes(100000, 3, f.mtu);
  CHECK(nic.size >= kMlx5DefaultLosslessBuffer);
  CHECK(nic.size >= physics::mlx5_min_lossless_buffer(100000, 3, f.mtu));
  CHECK(nic.xoff_threshold == Approx(nic.size - xoff));
  CHECK(nic.xon_threshold == Approx(nic.xoff_threshold - physics::kMlx5MinimumMaxMtu));

  physics::SonicInputs in;
  in.speed_mbps = 100000;
  in.cable_m = 3;  // the leaf's port 0 faces a host over a 3 m cable
  const auto sonic = physics::sonic_headroom(in);
  const SwitchPgBuffer& pg = sim.pg_buffer_of(f.leaves[0], 0);
  CHECK(pg.headroom == sonic.xoff);
  CHECK(pg.xon_gap == sonic.xon);
  // A longer cable needs more headroom.
  CHECK(switch_pg_buffer(100000, 100, f.mtu).headroom > switch_pg_buffer(100000, 3, f.mtu).headroom);
}

TEST_CASE("a host pauses above XOFF, keeps pausing down to XON, and resumes below it") {
  const Fabric f = one_leaf(2);
  const int a = f.hosts[0], b = f.hosts[1];
  Traffic t;
  t.flows.push_back({a, b, kLossless, 90, 0, 1});
  t.faults.push_back({FaultKind::slow_receiver, b, 0, 1, 0.4, SlowCause::pcie});
  LosslessSim sim(f, t);
  const NicBuffer& nic = sim.nic_buffer_of(b, 0);
  int rises = 0, falls = 0, held_between = 0;
  bool was = false;
  double before = 0;
  for (int i = 0; i < 3000; ++i) {
    before = sim.held_bytes(b, 0, kLossless);
    sim.step();
    const bool now = sim.pausing(b, 0, kLossless);
    if (now && !was) {
      ++rises;
      CHECK(before > nic.xoff_threshold);
    }
    if (!now && was) {
      ++falls;
      CHECK(before < nic.xon_threshold);
    }
    if (now && was && before < nic.xoff_threshold && before > nic.xon_threshold) ++held_between;
    was = now;
  }
  CHECK(rises > 3);
  CHECK(falls > 3);
  CHECK(held_between > 0);  // hysteresis: between the thresholds the pause stays on
  CHECK(sim.counter(b, 0, slot::rx_discard_bytes + kLossless) == 0);
  CHECK(sim.counter(b, 0, slot::pcie_stall_us) > 0);
}

TEST_CASE("a slow receiver pauses its switch port, and the switch then pauses the senders") {
  const Fabric f = two_leaves();
  const int dst = f.hosts[0], leaf = f.leaves[0];
  Traffic t;
  t.flows.push_back({f.hosts[1], dst, kLossless, 45, 0, 1});
  t.flows.push_back({f.hosts[5], dst, kLossless, 45, 0, 1});
  t.faults.push_back({FaultKind::slow_receiver, dst, 0.01, 1, 0.3, SlowCause::receive_queues});
  LosslessSim sim(f, t);
  sim.run_until(0.009, nullptr);
  CHECK(sim.counter(dst, 0, slot::tx_pause + kLossless) == 0);  // 90 Gb/s fits the receiver
  sim.run_until(0.2, nullptr);
  const int leaf_to_dst = port_to(f, leaf, dst);
  CHECK(sim.counter(dst, 0, slot::tx_pause + kLossless) > 0);
  CHECK(sim.counter(leaf, leaf_to_dst, slot::rx_pause_us + kLossless) > 0.5 * 0.19e6);
  CHECK(sim.counter(dst, 0, slot::out_of_buffer) > 0);
  CHECK(sim.counter(dst, 0, slot::rx_discard_bytes + kLossless) == 0);
  // The leaf's queue toward the receiver holds the flows, its ingress from the local sender pauses it.
  CHECK(sim.counter(f.hosts[1], 0, slot::rx_pause_us + kLossless) > 0);
  // Delivered traffic is what the receiver takes in: 30 Gb/s of 90.
  const double rx = sim.counter(dst, 0, slot::rx_bytes + kLossless);
  CHECK(rx < 0.6 * 90 * 125 * 0.2e6);
}

TEST_CASE("incast pauses climb back hop by hop to the senders behind the spine") {
  const Fabric f = two_leaves();
  const int dst = f.hosts[0], leaf1 = f.leaves[0], leaf2 = f.leaves[1], spine = f.spines[0];
  Traffic t;
  // 180 Gb/s toward one 100 Gb/s port; no other link is over its rate.
  for (int s : {1, 2, 4, 5}) t.flows.push_back({f.hosts[s], dst, kLossless, 45, 0.001, 1});
  LosslessSim sim(f, t);
  sim.watch_from(0);
  sim.run_until(0.1, nullptr);
  const int leaf1_to_dst = port_to(f, leaf1, dst), leaf1_up = port_to(f, leaf1, spine);
  const int spine_to_leaf1 = port_to(f, spine, leaf1), spine_to_leaf2 = port_to(f, spine, leaf2);
  const int leaf2_up = port_to(f, leaf2, spine), leaf2_to_sender = port_to(f, leaf2, f.hosts[4]);
  // The receiver takes everything at line rate: it never pauses; its leaf's egress queues and marks.
  CHECK(sim.counter(dst, 0, slot::tx_pause + kLossless) == 0);
  CHECK(sim.counter(leaf1, leaf1_to_dst, slot::ecn_marked_bytes + kLossless) > 0);
  CHECK(sim.counter(leaf1, leaf1_to_dst, slot::rx_pause_us + kLossless) == 0);
  // Hop 1: leaf1 pauses the spine; hop 2: the spine pauses leaf2; hop 3: leaf2 pauses the senders.
  CHECK(sim.counter(leaf1, leaf1_up, slot::tx_pause + kLossless) > 0);
  CHECK(sim.counter(spine, spine_to_leaf1, slot::rx_pause_us + kLossless) > 0);
  CHECK(sim.counter(spine, spine_to_leaf2, slot::tx_pause + kLossless) > 0);
  CHECK(sim.counter(leaf2, leaf2_up, slot::rx_pause_us + kLossless) > 0);
  CHECK(sim.counter(leaf2, leaf2_to_sender, slot::tx_pause + kLossless) > 0);
  CHECK(sim.counter(f.hosts[4], 0, slot::rx_pause_us + kLossless) > 0);
  // In that order.
  const double t1 = sim.first_paused_us(sim.port_index(spine, spine_to_leaf1));
  const double t2 = sim.first_paused_us(sim.port_index(leaf2, leaf2_up));
  const double t3 = sim.first_paused_us(sim.port_index(f.hosts[4], 0));
  REQUIRE(t1 > 0);
  CHECK(t1 < t2);
  CHECK(t2 < t3);
  // Lossless: nothing dropped anywhere.
  for (int n = 0; n < static_cast<int>(f.nodes.size()); ++n)
    for (int p = 0; p < static_cast<int>(f.nodes[n].ports.size()); ++p)
      CHECK(sim.counter(n, p, slot::rx_discard_bytes + kLossless) == 0);
}

TEST_CASE("802.3x pause of a host is counted as global and stops every priority of its switch port") {
  const Fabric f = one_leaf(3);
  const int g = f.hosts[0], leaf = f.leaves[0];
  Traffic t;
  t.flows.push_back({f.hosts[1], g, kLossless, 60, 0, 1});
  t.flows.push_back({f.hosts[2], g, 0, 20, 0, 1});
  t.faults.push_back({FaultKind::slow_receiver, g, 0.002, 1, 0.3, SlowCause::pcie});
  t.global_pause_hosts.push_back(g);
  LosslessSim sim(f, t);
  sim.run_until(0.05, nullptr);
  const int leaf_to_g = port_to(f, leaf, g);
  CHECK(sim.counter(g, 0, slot::global_tx_pause) > 0);
  CHECK(sim.counter(g, 0, slot::global_tx_pause_us) > 0);
  for (int p = 0; p < slot::kPrios; ++p) CHECK(sim.counter(g, 0, slot::tx_pause + p) == 0);
  CHECK(sim.counter(leaf, leaf_to_g, slot::global_rx_pause_us) > 0);
  CHECK(sim.counter(leaf, leaf_to_g, slot::rx_pause_us + kLossless) == 0);
  // The lossy priority waits too: its queue fills and the leaf drops on its ingress.
  CHECK(sim.queue_bytes(leaf, leaf_to_g, 0) > 0);
}

TEST_CASE("a run compresses steady stretches and hands out every stretch in order") {
  const Fabric f = one_leaf(2);
  Traffic t;
  t.flows.push_back({f.hosts[0], f.hosts[1], kLossless, 40, 1, 3});
  LosslessSim sim(f, t);
  struct Collect : CounterSink {
    double last = 0, covered = 0;
    int stretches = 0;
    void stretch(double t0, const std::vector<double>&, double t1, const std::vector<double>&) override {
      CHECK(t0 == Approx(last).margin(1e-6));
      covered += t1 - t0;
      last = t1;
      ++stretches;
    }
  } sink;
  sim.run_until(5, &sink);
  CHECK(sink.last == Approx(5e6));
  CHECK(sink.stretches < 200);  // 5 s of 1 us steps would be 5 million
  // 2 s at 40 Gb/s arrive, give or take the settling.
  CHECK(sim.counter(f.hosts[1], 0, slot::rx_bytes + kLossless) == Approx(40 * 125 * 2e6).epsilon(0.01));
}

}  // namespace roce::test
