// The coverage rounds of a sweep (src/sweep/plan.hpp): no NIC twice in a round, every NIC alone,
// sending and receiving, with two partners, across leaves then under its own.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "fabric/build.hpp"
#include "fabric/hostlist.hpp"
#include "sweep/plan.hpp"

namespace roce::test {

using namespace roce::fabric;
using namespace roce::sweep;

namespace {

Fabric fabric_of(int hosts, int rails, int per_leaf, int spines = 4) {
  std::vector<std::string> names;
  for (int i = 0; i < hosts; ++i) names.push_back("gpu" + std::to_string(i + 1));
  Design d;
  d.rails = rails;
  d.hosts_per_leaf = per_leaf;
  d.spines = spines;
  return *build_fabric(names, d);
}

}  // namespace

TEST_CASE("every round of the coverage puts each NIC in at most one test and numbers tests in run order") {
  for (const auto& [hosts, rails, per_leaf] : std::vector<std::tuple<int, int, int>>{
           {2, 1, 0}, {3, 2, 0}, {4, 8, 2}, {5, 2, 2}, {31, 4, 8}, {64, 8, 32}, {1024, 8, 32}, {100, 8, 7}}) {
    INFO(hosts << " hosts, " << rails << " rails, " << per_leaf << " per leaf");
    const Fabric f = fabric_of(hosts, rails, per_leaf);
    const Coverage c = plan_coverage(f, {});
    std::uint32_t last_id = 0;
    for (const auto& round : c.rounds) {
      std::set<HostRail> seen;
      for (const auto& t : round.tests) {
        CHECK(t.id == last_id + 1);
        last_id = t.id;
        CHECK(seen.insert(t.client).second);
        if (!t.loopback()) CHECK(seen.insert(t.server).second);
      }
    }
  }
}

TEST_CASE("the coverage tests every NIC alone, then sending and receiving with two different partners") {
  for (const auto& [hosts, per_leaf] :
       std::vector<std::pair<int, int>>{{2, 0}, {4, 2}, {8, 0}, {64, 32}, {96, 32}, {1024, 32}}) {
    INFO(hosts << " hosts, " << per_leaf << " per leaf");
    const Fabric f = fabric_of(hosts, 4, per_leaf);
    const HostRails hr(f);
    const Coverage c = plan_coverage(f, {});
    REQUIRE(c.rounds.size() == 3);
    CHECK(c.rounds[0].tests.size() == hr.size());
    for (const auto& t : c.rounds[0].tests) CHECK(t.loopback());
    std::map<HostRail, int> sent, received;
    std::map<HostRail, std::set<HostRail>> partners;
    for (int r : {1, 2})
      for (const auto& t : c.rounds[r].tests) {
        CHECK(hr.rail(t.client) == hr.rail(t.server));  // rail-aligned
        ++sent[t.client];
        ++received[t.server];
        partners[t.client].insert(t.server);
        partners[t.server].insert(t.client);
      }
    if (hosts == 2) {  // two hosts have one partner each: the second round is the first turned round
      CHECK(c.unpaired.size() == hr.size());
      continue;
    }
    CHECK(c.unpaired.empty());
    for (HostRail x = 0; x < hr.size(); ++x) {
      CHECK(sent[x] == 1);
      CHECK(received[x] == 1);
      CHECK(partners[x].size() == 2);
    }
  }
}

TEST_CASE("the first paired round crosses leaves and the second stays under them where the fabric allows") {
  const Fabric f = fabric_of(64, 8, 32);
  const HostRails hr(f);
  const Coverage c = plan_coverage(f, {});
  const auto leaf = [&](HostRail x) { return f.hosts[hr.host(x)].rails[hr.rail(x)].leaf; };
  for (const auto& t : c.rounds[1].tests) CHECK(leaf(t.client) != leaf(t.server));
  for (const auto& t : c.rounds[2].tests) CHECK(leaf(t.client) == leaf(t.server));
}

TEST_CASE("an odd host out is named for the first adaptive round") {
  const Fabric f = fabric_of(5, 2, 0);
  const Coverage c = plan_coverage(f, {});
  CHECK_FALSE(c.unpaired.empty());
  const HostRails hr(f);
  std::set<int> hosts;
  for (HostRail x : c.unpaired) hosts.insert(hr.host(x));
  CHECK(hosts.size() == 1);
}

TEST_CASE("a round fitted from wanted tests keeps the first of two that share a NIC") {
  const std::vector<fabric::Test> wanted = {{0, 1, 2, 0}, {0, 2, 3, 0}, {0, 4, 5, 7}, {0, 6, 6, 0}, {0, 6, 1, 0}};
  const Round r = fit_round(wanted, 10, "why");
  REQUIRE(r.tests.size() == 3);
  CHECK(r.tests[0] == fabric::Test{10, 1, 2, 10});
  CHECK(r.tests[1] == fabric::Test{11, 4, 5, 7});
  CHECK(r.tests[2] == fabric::Test{12, 6, 6, 12});
  CHECK(round_limit(1024, {}) == 13);
  CHECK(round_limit(64, {}) == 9);
  CHECK(round_limit(100, {5, true}) == 5);
}

}  // namespace roce::test
