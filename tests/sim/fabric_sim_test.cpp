// The simulated fabric's physics (src/sim/fabric_sim.hpp): what each class of fault caps, which
// way, its loopback; the hidden spine; the noise and the busy hosts; drawn faults.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>

#include "fabric/build.hpp"
#include "sim/fabric_faults.hpp"
#include "sim/fabric_sim.hpp"

namespace roce::test {

using namespace roce::fabric;
using namespace roce::sim;

namespace {

// 4 hosts x 2 rails, 2 hosts per leaf group, 2 spines: gpu1 and gpu2 under leaf-su1-r*, gpu3 and
// gpu4 under leaf-su2-r*.
Fabric small_fabric(int spines = 2) {
  Design d;
  d.rails = 2;
  d.hosts_per_leaf = 2;
  d.spines = spines;
  return *build_fabric({"gpu1", "gpu2", "gpu3", "gpu4"}, d);
}

// No noise, no busy host, a lossy fault carries exactly its share: figures are exact.
Physics exact() {
  Physics p;
  p.noise_sd = 0;
  p.lossy_sd = 0;
  p.busy_host = 0;
  return p;
}

constexpr double kHealthy = 400 * 0.96;

}  // namespace

TEST_CASE("fabric sim: a healthy fabric measures line rate times the efficiency, loopback and across leaves") {
  const FabricSim sim(small_fabric(), {}, 1, exact());
  const HostRails& hr = sim.rails();
  CHECK(sim.measure({1, *hr.of(0, 0), *hr.of(0, 0), 1}) == Approx(kHealthy));
  CHECK(sim.measure({2, *hr.of(0, 0), *hr.of(1, 0), 2}) == Approx(kHealthy));
  CHECK(sim.measure({3, *hr.of(0, 1), *hr.of(3, 1), 3}) == Approx(kHealthy));
}

TEST_CASE("fabric sim: each class of fault caps its tests at its share, in the directions and loopback of its class") {
  const Fabric f = small_fabric();
  const HostRails hr(f);
  const HostRail a = *hr.of(0, 0), b = *hr.of(1, 0), a_other_rail = *hr.of(0, 1), b_other_rail = *hr.of(1, 1);
  struct Case {
    Kind kind;
    Direction direction;
    bool sending, receiving, loopback;  // which of a's tests it slows
  };
  for (const Case c :
       {Case{Kind::nic, Direction::both, true, true, false}, Case{Kind::pcie, Direction::both, true, true, true},
        Case{Kind::cable, Direction::in, false, true, false}, Case{Kind::cable, Direction::out, true, false, false},
        Case{Kind::cable, Direction::both, true, true, false},
        Case{Kind::leaf_port, Direction::both, true, true, false}}) {
    INFO(to_string(c.kind) << " direction " << static_cast<int>(c.direction));
    const FabricSim sim(f, {{{c.kind, a}, c.direction, 0.4, false}}, 7, exact());
    const double slowed = kHealthy * 0.4;
    CHECK(sim.measure({1, a, b, 1}) == Approx(c.sending ? slowed : kHealthy));
    CHECK(sim.measure({2, b, a, 2}) == Approx(c.receiving ? slowed : kHealthy));
    CHECK(sim.measure({3, a, a, 3}) == Approx(c.loopback ? slowed : kHealthy));
    // The host's other rail and other hosts' tests are not slowed.
    CHECK(sim.measure({4, a_other_rail, b_other_rail, 4}) == Approx(kHealthy));
    CHECK(sim.measure({5, b, b, 5}) == Approx(kHealthy));
  }
}

TEST_CASE("fabric sim: a degraded spine link slows exactly the flows ECMP sends through it") {
  const Fabric f = small_fabric(4);
  const HostRails hr(f);
  // The link between gpu1's rail-0 leaf and spine 2.
  std::uint32_t up = 0;
  while (!(f.uplinks[up].leaf == f.hosts[0].rails[0].leaf && f.uplinks[up].spine == 2)) ++up;
  const FabricSim sim(f, {{{Kind::spine_link, up}, Direction::both, 0.5, false}}, 3, exact());
  const HostRail a = *hr.of(0, 0), across = *hr.of(2, 0), same_leaf = *hr.of(1, 0);
  int through = 0;
  for (std::uint32_t flow = 1; flow <= 200; ++flow) {
    for (const auto& t : {Test{flow, a, across, flow}, Test{flow, across, a, flow}}) {
      const auto spine = sim.spine_of(t);
      REQUIRE(spine);
      CHECK(sim.measure(t) == Approx(*spine == 2 ? kHealthy * 0.5 : kHealthy));
      through += *spine == 2;
    }
    CHECK_FALSE(sim.spine_of({flow, a, same_leaf, flow}));
    CHECK(sim.measure({flow, a, same_leaf, flow}) == Approx(kHealthy));
  }
  CHECK(through > 60);  // a quarter of 400 flows, give or take
  CHECK(through < 140);
  CHECK_FALSE(sim.spine_of({1, a, a, 1}));
}

TEST_CASE("fabric sim: the hidden spine is stable per client, server and flow and spreads over the spines") {
  Design d;
  d.rails = 1;
  d.hosts_per_leaf = 4;
  d.spines = 8;
  const auto f = *build_fabric({"h1", "h2", "h3", "h4", "h5", "h6", "h7", "h8"}, d);
  const FabricSim sim(f, {}, 11);
  const FabricSim reseeded(f, {}, 12);
  std::map<int, int> per_spine;
  int moved = 0;
  for (std::uint32_t flow = 1; flow <= 800; ++flow) {
    const Test t{flow, 0, 5, flow};
    const auto spine = sim.spine_of(t);
    REQUIRE(spine);
    CHECK(sim.spine_of(Test{flow + 9999, 0, 5, flow}) == spine);  // the test's id is not in the hash
    CHECK(FabricSim(f, {}, 11).spine_of(t) == spine);
    ++per_spine[*spine];
    moved += reseeded.spine_of(t) != spine;
  }
  REQUIRE(per_spine.size() == 8);
  for (const auto& [spine, count] : per_spine) {
    INFO("spine " << spine);
    CHECK(count > 60);  // 100 each, give or take
    CHECK(count < 140);
  }
  CHECK(moved > 600);  // another fabric, another hash
}

TEST_CASE("fabric sim: noise stays within 5%, about 1% of tests meet a busy host, and figures repeat by seed") {
  Design d;
  d.rails = 8;
  const auto f = *build_fabric({"a", "b", "c", "d"}, d);
  const FabricSim sim(f, {}, 5);
  int busy = 0;
  double sum = 0;
  int quiet = 0;
  const HostRails hr(f);
  for (std::uint32_t id = 1; id <= 20000; ++id) {
    const Test t{id, static_cast<HostRail>(id % hr.size()), static_cast<HostRail>((id * 7 + 3) % hr.size()), id};
    const double g = sim.measure(t);
    CHECK(g == sim.measure(t));
    if (g < kHealthy * 0.95 - 1e-9) {
      ++busy;
      CHECK(g >= kHealthy * 0.95 * 0.4 - 1e-9);
      CHECK(g <= kHealthy * 1.05 * 0.8 + 1e-9);
    } else {
      CHECK(g <= kHealthy * 1.05 + 1e-9);
      sum += g;
      ++quiet;
    }
  }
  CHECK(busy > 120);  // 1% of 20,000: 200
  CHECK(busy < 280);
  CHECK(sum / quiet == Approx(kHealthy).epsilon(0.005));
  CHECK(FabricSim(f, {}, 6).measure({1, 0, 9, 1}) != sim.measure({1, 0, 9, 1}));
}

TEST_CASE("fabric sim: a lossy fault varies around its share from test to test") {
  const Fabric f = small_fabric();
  Physics p = exact();
  p.lossy_sd = 0.08;
  const FabricSim sim(f, {{{Kind::leaf_port, 0}, Direction::both, 0.5, true}}, 9, p);
  double sum = 0, squares = 0;
  const int n = 4000;
  for (std::uint32_t id = 1; id <= n; ++id) {
    const double share = sim.measure({id, 0, 4, id}) / kHealthy;
    sum += share;
    squares += share * share;
  }
  const double mean = sum / n, sd = std::sqrt(squares / n - mean * mean);
  CHECK(mean == Approx(0.5).epsilon(0.01));
  CHECK(sd == Approx(0.04).epsilon(0.1));  // 8% of 0.5
}

TEST_CASE("fabric sim: drawn faults are k distinct components of every class, in their ranges, again by seed") {
  Design d;
  const std::vector<std::string> names = {"a", "b", "c", "d", "e", "f", "g", "h"};
  const auto f = *build_fabric(names, d);
  std::map<Kind, int> classes;
  std::set<Direction> cable_directions;
  for (std::uint64_t seed = 1; seed <= 500; ++seed) {
    Draws draws(seed);
    const int k = 1 + static_cast<int>(seed % 3);
    const auto faults = draw_faults(f, k, draws);
    Draws again(seed);
    CHECK(draw_faults(f, k, again) == faults);
    REQUIRE(static_cast<int>(faults.size()) == k);
    std::set<std::pair<Kind, std::uint32_t>> seen;
    for (const Fault& fault : faults) {
      CHECK(seen.insert({fault.component.kind, fault.component.index}).second);
      ++classes[fault.component.kind];
      const double s = fault.share;
      switch (fault.component.kind) {
        case Kind::nic: CHECK(s == 0.5); break;
        case Kind::pcie: CHECK((s >= 0.26 && s <= 0.30)); break;
        case Kind::cable:
          CHECK((s >= 0.2 && s <= 0.7));
          cable_directions.insert(fault.direction);
          break;
        case Kind::leaf_port: CHECK((s >= 0.3 && s <= 0.7)); break;
        case Kind::spine_link:
          CHECK((s >= 0.3 && s <= 0.6));
          CHECK(fault.component.index < f.uplinks.size());
          break;
      }
    }
  }
  CHECK(classes.size() == 5);
  for (const auto& [kind, count] : classes) CHECK(count > 150);  // 1,000 faults over 5 classes
  CHECK(cable_directions == std::set<Direction>{Direction::in, Direction::out});
}

}  // namespace roce::test
