// Localization (src/sweep/localize.hpp) on results of a small fabric model (fabric_model.hpp): the
// issue's fault classes one at a time, two at once, and noise that must blame nothing.
#include <catch2/catch.hpp>

#include <set>

#include "fabric_model.hpp"

namespace roce::test {

TEST_CASE("a healthy fabric blames nothing and wants no more tests") {
  Model m(small_fabric());
  const Run r = sweep(m);
  CHECK(r.last.suspects.empty());
  CHECK(r.last.candidates.empty());
  CHECK(r.last.next.empty());
  CHECK(r.rounds == 3);
  CHECK(r.last.low == 0);
}

TEST_CASE("a NIC port at half rate is named, both directions steady at half, its loopback clean") {
  Model m(small_fabric());
  const HostRail x = *m.rails.of(5, 2);
  m.degrade({Kind::nic, x}, 0.5);
  const Run r = sweep(m);
  REQUIRE(r.last.suspects.size() == 1);
  CHECK(r.last.suspects[0].component == Component{Kind::nic, x});
  CHECK(r.last.suspects[0].confidence >= 0.5);
  CHECK_THAT(r.last.suspects[0].rationale, Catch::Contains("steady at a fraction of line rate"));
  CHECK_THAT(r.last.suspects[0].rationale, Catch::Contains("sending reached 48% of line rate"));
  CHECK(r.last.candidates.empty());
  CHECK(r.rounds <= round_limit(16, {}));
}

TEST_CASE("a host's PCIe link is named by its loopback") {
  Model m(small_fabric());
  const HostRail x = *m.rails.of(3, 0);
  m.degrade({Kind::pcie, x}, 0.28);
  const Run r = sweep(m);
  REQUIRE(r.last.suspects.size() == 1);
  CHECK(r.last.suspects[0].component == Component{Kind::pcie, x});
  CHECK_THAT(r.last.suspects[0].rationale, Catch::Contains("its loopback reached 27%"));
}

TEST_CASE("a dirty optic slows one direction and is named as the cable") {
  Model m(small_fabric());
  const HostRail x = *m.rails.of(9, 1);
  m.degrade({Kind::cable, x}, 0.4, false, true);  // the fibre toward the host
  const Run r = sweep(m);
  INFO(describe(m, r));
  REQUIRE(r.last.suspects.size() == 1);
  CHECK(r.last.suspects[0].component == Component{Kind::cable, x});
  CHECK_THAT(r.last.suspects[0].rationale, Catch::Contains("toward the host"));
}

TEST_CASE("a lossy switch port scatters both directions and is named as the leaf port") {
  Model m(small_fabric());
  const HostRail x = *m.rails.of(12, 3);
  m.degrade({Kind::leaf_port, x}, 0.5);
  // Loss: each test through the port gets its own share.
  m.noise = [&](const Test& t) {
    if (t.client != x && t.server != x) return 1.0;
    return 0.7 + 0.1 * static_cast<double>(t.id % 5);
  };
  const Run r = sweep(m);
  REQUIRE(r.last.suspects.size() == 1);
  CHECK(r.last.suspects[0].component == Component{Kind::leaf_port, x});
}

TEST_CASE("one slow result from a busy host blames nothing once a retest clears it") {
  Model m(small_fabric());
  m.noise = [](const Test& t) { return t.id == 20 ? 0.5 : 1.0; };
  const Run r = sweep(m);
  CHECK(r.last.suspects.empty());
  CHECK(r.last.candidates.empty());
  CHECK(r.last.unexplained == std::vector<std::uint32_t>{20});
}

TEST_CASE("a degraded spine link names its leaf's links, and the switch's counters name the link") {
  Model m(small_fabric(24, 8, 4));  // three leaf groups, so a leaf's links are told from its peers'
  // The link the first test across leaf-su1-r1 takes, so that the coverage crosses it.
  const Coverage c = plan_coverage(m.fabric, {});
  std::uint32_t link = 0;
  for (const auto& t : c.rounds[1].tests) {
    const Path p = path_of(m.fabric, m.rails, t.client, t.server);
    if (p.spine_choices.empty() ||
        m.fabric.leaves[m.fabric.uplinks[p.spine_choices[0][0].component.index].leaf] != "leaf-su1-r1")
      continue;
    link = p.spine_choices[(t.client * 31 + t.server * 17 + t.flow * 7) % p.spine_choices.size()][0].component.index;
    break;
  }
  m.degrade({Kind::spine_link, link}, 0.45);
  Run r = sweep(m);
  INFO(describe(m, r));
  REQUIRE(r.last.suspects.size() == 1);
  const Suspect& s = r.last.suspects[0];
  CHECK(s.component.kind == Kind::spine_link);
  CHECK(std::find(s.one_of.begin(), s.one_of.end(), Component{Kind::spine_link, link}) != s.one_of.end());
  CHECK(s.one_of.size() == 4);
  m.evidence.push_back({{Kind::spine_link, link}, "XSW-COUNTERS", "Ethernet72: 1234 FEC uncorrectable", 2});
  r = sweep(m);
  REQUIRE(r.last.suspects.size() == 1);
  CHECK(r.last.suspects[0].component == Component{Kind::spine_link, link});
  CHECK(r.last.suspects[0].one_of.empty());
}

TEST_CASE("two faults on partners of one test are both named") {
  Model m(small_fabric());
  const Coverage c = plan_coverage(m.fabric, {});
  const Test first = c.rounds[1].tests[0];
  m.degrade({Kind::nic, first.client}, 0.5);
  m.degrade({Kind::nic, first.server}, 0.5);
  const Run r = sweep(m);
  REQUIRE(r.last.suspects.size() == 2);
  std::set<Component> named{r.last.suspects[0].component, r.last.suspects[1].component};
  CHECK(named == std::set<Component>{{Kind::nic, first.client}, {Kind::nic, first.server}});
}

}  // namespace roce::test
