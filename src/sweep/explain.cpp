// Low results explained by the fewest places, greedily.
#include "sweep/explain.hpp"

#include <algorithm>

namespace roce::sweep {

std::vector<Place> explainers(const fabric::Fabric& fabric, const Facts& facts, const Observation& o) {
  std::vector<Place> places;
  const fabric::HostRail c = o.test.client, s = o.test.server;
  if (o.test.loopback()) {
    if (!facts.by_rail[c].pcie_clear()) places.push_back({Place::Kind::host_rail, c});
    return places;
  }
  if (!facts.by_rail[c].clear(kOut)) places.push_back({Place::Kind::host_rail, c});
  if (!facts.by_rail[s].clear(kIn)) places.push_back({Place::Kind::host_rail, s});
  const int a = leaf_of(fabric, facts.rails, c), b = leaf_of(fabric, facts.rails, s);
  if (a >= 0 && b >= 0 && a != b && !fabric.uplinks.empty()) {
    places.push_back({Place::Kind::leaf, static_cast<std::uint32_t>(a)});
    places.push_back({Place::Kind::leaf, static_cast<std::uint32_t>(b)});
  }
  return places;
}

Explanation explain(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Observation>& observations) {
  const std::size_t rails = facts.rails.size();
  const auto slot = [&](Place p) { return p.kind == Place::Kind::host_rail ? p.index : rails + p.index; };
  const auto place_of = [&](std::size_t i) {
    return i < rails ? Place{Place::Kind::host_rail, static_cast<std::uint32_t>(i)}
                     : Place{Place::Kind::leaf, static_cast<std::uint32_t>(i - rails)};
  };
  std::vector<std::vector<std::uint32_t>> tests_of(rails + fabric.leaves.size());
  std::vector<std::vector<Place>> by_test(observations.size());
  Explanation out;
  for (std::uint32_t i = 0; i < observations.size(); ++i) {
    if (!facts.used[i] || !facts.low[i]) continue;
    by_test[i] = explainers(fabric, facts, observations[i]);
    if (by_test[i].empty()) out.unexplained.push_back(i);
    for (Place p : by_test[i]) tests_of[slot(p)].push_back(i);
  }
  std::vector<bool> done(observations.size(), false);
  const auto open_tests = [&](std::size_t u) {
    std::vector<std::uint32_t> open;
    for (auto i : tests_of[u])
      if (!done[i]) open.push_back(i);
    return open;
  };
  // Scores fall as tests are explained; a linear scan per pick is cheap next to the results' count.
  std::vector<std::size_t> score(tests_of.size());
  for (std::size_t u = 0; u < tests_of.size(); ++u) score[u] = tests_of[u].size();
  while (!score.empty()) {
    // The most low results; at a tie a NIC before a leaf's spine links (the narrower place).
    std::size_t best = 0;
    for (std::size_t u = 1; u < score.size(); ++u)
      if (score[u] > score[best]) best = u;
    if (score[best] < 2) break;
    Explained e{place_of(best), open_tests(best), {}};
    for (std::size_t v = 0; v < tests_of.size(); ++v) {
      if (v == best || score[v] < e.tests.size()) continue;
      const auto theirs = open_tests(v);
      if (std::includes(theirs.begin(), theirs.end(), e.tests.begin(), e.tests.end())) e.rivals.push_back(place_of(v));
    }
    for (auto i : e.tests) {
      done[i] = true;
      for (Place p : by_test[i]) --score[slot(p)];
    }
    out.chosen.push_back(std::move(e));
  }
  for (std::size_t u = 0; u < tests_of.size(); ++u)
    if (score[u] > 0) out.candidates.push_back({place_of(u), open_tests(u), {}});
  return out;
}

}  // namespace roce::sweep
