// Low results explained by the fewest places: NICs greedily, then leaves' spine links by how far
// their low results stand above the noise.
#include "sweep/explain.hpp"

#include <algorithm>
#include <cmath>

namespace roce::sweep {
namespace {

// P(X >= k) for X ~ Binomial(n, p), summed in log space (n is at most a few thousand).
double binomial_tail(std::size_t k, std::size_t n, double p) {
  if (k == 0) return 1;
  if (k > n) return 0;
  double sum = 0;
  for (std::size_t i = k; i <= n; ++i) {
    const double log_term = std::lgamma(static_cast<double>(n) + 1) - std::lgamma(static_cast<double>(i) + 1) -
                            std::lgamma(static_cast<double>(n - i) + 1) + static_cast<double>(i) * std::log(p) +
                            static_cast<double>(n - i) * std::log1p(-p);
    const double term = std::exp(log_term);
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return std::min(1.0, sum);
}

struct Work {
  const fabric::Fabric& fabric;
  const Facts& facts;
  const std::vector<Observation>& observations;
  std::vector<std::vector<std::uint32_t>> tests_of_rail;  // low tests each NIC may explain
  std::vector<std::vector<std::uint32_t>> tests_of_leaf;  // low tests across each leaf
  std::vector<std::size_t> across_leaf;                   // every judged test across each leaf
  std::vector<bool> done;
  std::size_t pair_tests = 0;

  std::vector<std::uint32_t> open(const std::vector<std::uint32_t>& tests) const {
    std::vector<std::uint32_t> out;
    for (auto i : tests)
      if (!done[i]) out.push_back(i);
    return out;
  }
};

// The two leaves of a test across leaves (with spines known), or {-1, -1}.
std::pair<int, int> leaves_of(const fabric::Fabric& fabric, const Facts& facts, const Observation& o) {
  if (o.test.loopback() || fabric.uplinks.empty()) return {-1, -1};
  const int a = leaf_of(fabric, facts.rails, o.test.client), b = leaf_of(fabric, facts.rails, o.test.server);
  if (a < 0 || b < 0 || a == b) return {-1, -1};
  return {a, b};
}

// NICs that explain two low results or more, the most first; a NIC before anything else, since
// it is the narrower place.
void choose_nics(Work& w, Explanation& out) {
  std::vector<std::size_t> score(w.tests_of_rail.size());
  for (std::size_t u = 0; u < score.size(); ++u) score[u] = w.tests_of_rail[u].size();
  while (!score.empty()) {
    const std::size_t best = static_cast<std::size_t>(std::max_element(score.begin(), score.end()) - score.begin());
    if (score[best] < 2) break;
    Explained e{{Place::Kind::host_rail, static_cast<std::uint32_t>(best)}, w.open(w.tests_of_rail[best]), {}};
    for (std::size_t v = 0; v < score.size(); ++v) {
      if (v == best || score[v] < e.tests.size()) continue;
      const auto theirs = w.open(w.tests_of_rail[v]);
      if (std::includes(theirs.begin(), theirs.end(), e.tests.begin(), e.tests.end()))
        e.rivals.push_back({Place::Kind::host_rail, static_cast<std::uint32_t>(v)});
    }
    for (auto i : e.tests) {
      w.done[i] = true;
      for (Place p : explainers(w.fabric, w.facts, w.observations[i]))
        if (p.kind == Place::Kind::host_rail) --score[p.index];
    }
    out.chosen.push_back(std::move(e));
  }
}

// A leaf whose low results across it stand far above the noise (a busy host, a transient) that
// every test has: one of its spine links carries about one flow in (its spines).
void choose_leaves(Work& w, Explanation& out) {
  const std::size_t leaves = w.tests_of_leaf.size();
  if (leaves == 0 || w.pair_tests == 0) return;
  std::size_t low_left = 0;
  for (std::uint32_t i = 0; i < w.observations.size(); ++i)
    low_left += w.facts.used[i] && w.facts.low[i] && !w.done[i] && !w.observations[i].test.loopback();
  // The noise: the share of pair tests low that no NIC explains (one slow link adds few of them).
  const double noise = std::max(0.005, static_cast<double>(low_left) / static_cast<double>(w.pair_tests));
  const double blame = 0.01 / static_cast<double>(leaves), suggest = 0.05;
  std::vector<bool> taken(leaves, false);
  for (;;) {
    std::size_t best = leaves;
    double best_tail = 1;
    for (std::size_t l = 0; l < leaves; ++l) {
      if (taken[l]) continue;
      const std::size_t k = w.open(w.tests_of_leaf[l]).size();
      if (k < 2) continue;
      const double tail = binomial_tail(k, w.across_leaf[l], noise);
      if (tail < best_tail) {
        best_tail = tail;
        best = l;
      }
    }
    if (best == leaves || best_tail >= suggest) break;
    taken[best] = true;
    Explained e{{Place::Kind::leaf, static_cast<std::uint32_t>(best)}, w.open(w.tests_of_leaf[best]), {}};
    for (std::size_t v = 0; v < leaves; ++v)
      if (v != best && !taken[v]) {
        const auto theirs = w.open(w.tests_of_leaf[v]);
        if (theirs.size() == e.tests.size() && theirs == e.tests)
          e.rivals.push_back({Place::Kind::leaf, static_cast<std::uint32_t>(v)});
      }
    if (best_tail < blame) {
      for (auto i : e.tests) w.done[i] = true;
      out.chosen.push_back(std::move(e));
    } else {
      out.candidates.push_back(std::move(e));  // suggestive: more flows across it will tell
    }
  }
}

}  // namespace

std::vector<Place> explainers(const fabric::Fabric& fabric, const Facts& facts, const Observation& o) {
  std::vector<Place> places;
  const fabric::HostRail c = o.test.client, s = o.test.server;
  if (o.test.loopback()) {
    if (!facts.by_rail[c].pcie_clear()) places.push_back({Place::Kind::host_rail, c});
    return places;
  }
  if (!facts.by_rail[c].clear(kOut)) places.push_back({Place::Kind::host_rail, c});
  if (!facts.by_rail[s].clear(kIn)) places.push_back({Place::Kind::host_rail, s});
  if (const auto [a, b] = leaves_of(fabric, facts, o); a >= 0) {
    places.push_back({Place::Kind::leaf, static_cast<std::uint32_t>(a)});
    places.push_back({Place::Kind::leaf, static_cast<std::uint32_t>(b)});
  }
  return places;
}

Explanation explain(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Observation>& observations) {
  Work w{fabric, facts, observations, {}, {}, {}, std::vector<bool>(observations.size(), false), 0};
  w.tests_of_rail.resize(facts.rails.size());
  w.tests_of_leaf.resize(fabric.leaves.size());
  w.across_leaf.assign(fabric.leaves.size(), 0);
  for (std::uint32_t i = 0; i < observations.size(); ++i) {
    if (!facts.used[i]) continue;
    const auto [a, b] = leaves_of(fabric, facts, observations[i]);
    if (!observations[i].test.loopback()) ++w.pair_tests;
    if (a >= 0) {
      ++w.across_leaf[a];
      ++w.across_leaf[b];
    }
    if (!facts.low[i]) continue;
    for (Place p : explainers(fabric, facts, observations[i]))
      (p.kind == Place::Kind::host_rail ? w.tests_of_rail : w.tests_of_leaf)[p.index].push_back(i);
  }
  Explanation out;
  choose_nics(w, out);
  choose_leaves(w, out);
  // What is left: NICs that explain one low result each (a second test tells a fault from noise);
  // a low result that no NIC can explain and no leaf stands out for is noise.
  for (std::uint32_t u = 0; u < w.tests_of_rail.size(); ++u)
    if (auto open = w.open(w.tests_of_rail[u]); !open.empty())
      out.candidates.push_back({{Place::Kind::host_rail, u}, std::move(open), {}});
  std::vector<bool> candidate(observations.size(), false);
  for (const auto& c : out.candidates)
    for (auto i : c.tests) candidate[i] = true;
  for (std::uint32_t i = 0; i < observations.size(); ++i)
    if (facts.used[i] && facts.low[i] && !w.done[i] && !candidate[i]) out.unexplained.push_back(i);
  return out;
}

}  // namespace roce::sweep
