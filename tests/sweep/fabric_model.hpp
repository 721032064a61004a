#pragma once
// A small model of a fabric for the sweep's tests: each part's share of line rate, the slowest on a
// test's path wins, ECMP picks a spine from a hash of the test; and the loop `sweep run` drives
// (plan, run, localize, next round) over it.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "fabric/build.hpp"
#include "sweep/localize.hpp"
#include "sweep/plan.hpp"

namespace roce::test {

using namespace roce::fabric;
using namespace roce::sweep;

struct Model {
  Fabric fabric;
  HostRails rails;
  std::map<Component, double> out_share, in_share;  // a part's cap when data leaves / reaches the host
  std::function<double(const Test&)> noise = [](const Test&) { return 1.0; };
  std::vector<Evidence> evidence;

  explicit Model(Fabric f) : fabric(std::move(f)), rails(fabric) {}

  void degrade(Component c, double share, bool out = true, bool in = true) {
    if (out) out_share[c] = share;
    if (in) in_share[c] = share;
  }
  double cap(const Hop& hop) const {
    const auto& table = hop.direction == Direction::in ? in_share : out_share;
    const auto it = table.find(hop.component);
    return it == table.end() ? 1.0 : it->second;
  }
  double measure(const Test& t) const {
    const Path p = path_of(fabric, rails, t.client, t.server);
    double share = 1.0;
    for (const auto& hop : p.fixed) share = std::min(share, cap(hop));
    if (!p.spine_choices.empty())
      for (const auto& hop : p.spine_choices[(t.client * 31 + t.server * 17 + t.flow * 7) % p.spine_choices.size()])
        share = std::min(share, cap(hop));
    return 400 * 0.96 * share * noise(t);
  }
};

inline Fabric small_fabric(int hosts = 16, int per_leaf = 8, int spines = 4) {
  std::vector<std::string> names;
  for (int i = 0; i < hosts; ++i) names.push_back("gpu" + std::to_string(100 + i));
  Design d;
  d.rails = 4;
  d.hosts_per_leaf = per_leaf;
  d.spines = spines;
  return *build_fabric(names, d);
}

struct Run {
  Localization last;
  int rounds = 0;
};

// What a localization says, for a failing case's message.
inline std::string describe(const Model& m, const Run& r) {
  std::string out = std::to_string(r.rounds) + " rounds, " + std::to_string(r.last.low) + " low\n";
  for (const auto* list : {&r.last.suspects, &r.last.candidates})
    for (const auto& s : *list)
      out += (list == &r.last.suspects ? "suspect " : "candidate ") + name_of(m.fabric, m.rails, s.component) + " (" +
             to_string(s.component.kind) + ") " + std::to_string(s.confidence) + ": " + s.rationale + "\n";
  for (const auto& n : r.last.next)
    out += "next " + name_of(m.fabric, m.rails, n.test.client) + " -> " + name_of(m.fabric, m.rails, n.test.server) +
           ": " + n.why + "\n";
  return out;
}

// Plan, run, localize, next round: the loop `sweep run` drives.
inline Run sweep(const Model& m) {
  std::vector<Observation> seen;
  int round = 0;
  const auto run = [&](const Round& r) {
    ++round;
    for (const auto& t : r.tests) seen.push_back({t, round, Status::measured, m.measure(t), 400, "", ""});
  };
  for (const auto& r : plan_coverage(m.fabric, {}).rounds) run(r);
  Localization l = localize(m.fabric, seen, m.evidence);
  const int limit = round_limit(m.fabric.hosts.size(), {});
  while (!l.next.empty() && round < limit) {
    std::vector<fabric::Test> wanted;
    for (const auto& n : l.next) wanted.push_back(n.test);
    run(fit_round(wanted, static_cast<std::uint32_t>(seen.size() + 1), "next"));
    l = localize(m.fabric, seen, m.evidence);
  }
  return {l, round};
}

}  // namespace roce::test
