// The storm scenarios: each draws its storm where its truth says, a cyclic one forms a cycle of
// pauses, a quiet fabric stays quiet, and a seed gives the same scenario.
#include <catch2/catch.hpp>

#include <algorithm>

#include "sim/lossless_sim.hpp"
#include "sim/storm_truth.hpp"
#include "sim/storm_truth_json.hpp"

namespace roce::test {

using namespace roce::sim;

namespace {

int port_named(const Fabric& f, const PortName& p, int* node) {
  *node = f.node(p.node);
  REQUIRE(*node >= 0);
  for (std::size_t i = 0; i < f.nodes[*node].ports.size(); ++i)
    if (f.nodes[*node].ports[i].name == p.port) return static_cast<int>(i);
  FAIL("no port " << p.port);
  return -1;
}

bool is_victim(const StormTruth& t, const PortName& p) {
  return std::any_of(t.victims.begin(), t.victims.end(), [&](const Victim& v) { return v.port == p; });
}

}  // namespace

TEST_CASE("every storm scenario names its origin, and its victims are reached from it") {
  for (StormCause cause : kStormCauses) {
    if (cause == StormCause::none) continue;
    for (std::uint64_t seed : {1, 2, 3}) {
      Scenario s = make_scenario(cause, seed);
      run_scenario(s, nullptr);
      INFO(s.name);
      REQUIRE(s.truth.origin);
      CHECK(s.truth.origin->is_switch == (cause == StormCause::incast || cause == StormCause::cyclic_dependency));
      CHECK_FALSE(is_victim(s.truth, *s.truth.origin));
      CHECK_FALSE(s.truth.victims.empty());
      REQUIRE(s.truth.onset_s);
      CHECK(*s.truth.onset_s >= s.truth.start_s - 0.001);
      CHECK(*s.truth.onset_s < s.truth.start_s + 1);
      for (const Victim& v : s.truth.victims) {
        CHECK(v.hops >= 1);
        CHECK(v.paused_share >= kVictimPausedShare);
        CHECK(v.first_paused_s >= s.truth.start_s - 0.001);
      }
    }
  }
}

TEST_CASE("a host fault's victims begin with the switch port facing the host") {
  for (StormCause cause : {StormCause::slow_receiver, StormCause::nic_pause_storm, StormCause::global_pause}) {
    Scenario s = make_scenario(cause, 4);
    run_scenario(s, nullptr);
    INFO(s.name);
    int host = -1;
    const int port = port_named(s.fabric, *s.truth.origin, &host);
    const FabricPort& cable = s.fabric.nodes[host].ports[port];
    const PortName facing = {s.fabric.nodes[cable.peer_node].name,
                             s.fabric.nodes[cable.peer_node].ports[cable.peer_port].name, true};
    const auto it =
        std::find_if(s.truth.victims.begin(), s.truth.victims.end(), [&](const Victim& v) { return v.port == facing; });
    REQUIRE(it != s.truth.victims.end());
    CHECK(it->hops == 1);
  }
}

TEST_CASE("the cyclic scenario's three leaves pause each other around the ring") {
  Scenario s = make_scenario(StormCause::cyclic_dependency, 2);
  REQUIRE(s.truth.cycle.size() == 6);
  LosslessSim sim(s.fabric, s.traffic);
  const double mid = (s.truth.start_s + s.truth.end_s) / 2;
  sim.run_until(mid - 1, nullptr);
  std::vector<double> paused_before, sent_before;
  std::vector<std::pair<int, int>> ends;
  for (const PortName& p : s.truth.cycle) {
    int node = -1;
    const int port = port_named(s.fabric, p, &node);
    ends.push_back({node, port});
    paused_before.push_back(sim.counter(node, port, slot::rx_pause_us + 3));
    sent_before.push_back(sim.counter(node, port, slot::tx_pause + 3));
  }
  sim.run_until(mid, nullptr);
  // Every ring cable is paused in one direction: its sender is stopped by the next leaf, which in
  // turn is stopped by the one after it.
  for (std::size_t i = 0; i < ends.size(); i += 2) {
    const auto [a, pa] = ends[i];
    const auto [b, pb] = ends[i + 1];
    INFO(s.fabric.nodes[a].name << " -> " << s.fabric.nodes[b].name);
    CHECK(sim.counter(a, pa, slot::rx_pause_us + 3) - paused_before[i] > 0.5e6);  // paused most of the second
    CHECK(sim.counter(b, pb, slot::tx_pause + 3) - sent_before[i + 1] > 0);
  }
  run_scenario(s, nullptr);
  REQUIRE(s.truth.origin);
  CHECK(std::find(s.truth.cycle.begin(), s.truth.cycle.end(), *s.truth.origin) != s.truth.cycle.end());
}

TEST_CASE("a quiet fabric pauses nobody") {
  for (std::uint64_t seed : {1, 2, 3, 4}) {
    Scenario s = make_scenario(StormCause::none, seed);
    run_scenario(s, nullptr);
    INFO(s.name);
    CHECK_FALSE(s.truth.origin);
    CHECK(s.truth.victims.empty());
    CHECK(s.truth.unrelated_paused.empty());
    CHECK(s.traffic.flows.size() > 0);
  }
}

TEST_CASE("a seed draws the same scenario and the same truth") {
  Scenario a = make_scenario(StormCause::incast, 11), b = make_scenario(StormCause::incast, 11);
  run_scenario(a, nullptr);
  run_scenario(b, nullptr);
  CHECK(truth_json(a) == truth_json(b));
  Scenario c = make_scenario(StormCause::incast, 12);
  run_scenario(c, nullptr);
  CHECK(truth_json(a) != truth_json(c));
}

TEST_CASE("clocks are off by at most 100 ms and every node samples at its own phase") {
  const Scenario s = make_scenario(StormCause::slow_receiver, 5);
  REQUIRE(s.clocks.size() == s.fabric.nodes.size());
  for (const NodeClock& c : s.clocks) {
    CHECK(std::abs(c.skew_ms) <= 100);
    CHECK(c.phase_ms >= 0);
    CHECK(c.phase_ms < 1000);
  }
}

}  // namespace roce::test
