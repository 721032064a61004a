// Scoring one draw: exact, class and place per fault; innocent per named suspect.
#include "score.hpp"

#include <algorithm>

namespace roce::bench {
namespace {

using fabric::Component;
using fabric::Kind;

bool host_side(Kind k) { return k != Kind::spine_link; }

int leaf_of_uplink(const fabric::Fabric& f, std::uint32_t u) { return f.uplinks[u].leaf; }

// Whether a blame names `c`: itself, or as one of its set.
bool names(const Blame& b, Component c) {
  return b.component == c || std::find(b.one_of.begin(), b.one_of.end(), c) != b.one_of.end();
}

// The same place as the fault: its host rail for a host-side part; for a spine link, the set
// holds it or the blame is a spine link of the same leaf (ECMP hides which spine a flow took).
bool same_place(const fabric::Fabric& f, const Blame& b, Component fault) {
  if (host_side(fault.kind)) return host_side(b.component.kind) && b.component.index == fault.index;
  if (b.component.kind != Kind::spine_link) return false;
  return names(b, fault) || leaf_of_uplink(f, b.component.index) == leaf_of_uplink(f, fault.index);
}

}  // namespace

void Score::add(const sim::FabricSim& sim, const MethodRun& run) {
  const auto& f = sim.fabric();
  ++draws;
  for (const auto& fault : sim.faults()) {
    const Component c = fault.component;
    ++faults;
    ++faults_of[static_cast<int>(c.kind)];
    const auto found = [&](auto pred) { return std::any_of(run.named.begin(), run.named.end(), pred); };
    if (found([&](const Blame& b) { return b.component == c && b.one_of.size() <= 1; })) {
      ++exact;
      ++exact_of[static_cast<int>(c.kind)];
    }
    if (found([&](const Blame& b) { return b.component.kind == c.kind && same_place(f, b, c); })) ++klass;
    if (found([&](const Blame& b) { return same_place(f, b, c); })) ++place;
  }
  std::size_t innocent_here = 0;
  for (const auto& b : run.named) {
    const bool guilty = sim.fault_on(b.component) ||
                        std::any_of(b.one_of.begin(), b.one_of.end(), [&](Component c) { return sim.fault_on(c); });
    innocent_here += !guilty;
  }
  named += run.named.size();
  innocent += innocent_here;
  draws_with_innocent += innocent_here > 0;
  rounds_max = std::max(rounds_max, run.rounds);
  rounds_sum += run.rounds;
  tests_sum += static_cast<double>(run.tests);
  plan_cpu_sum += run.plan_cpu_s;
  localize_cpu_sum += run.localize_cpu_s;
  localize_max = std::max(localize_max, run.localize_max_s);
  stopped_at_limit += run.stopped_at_limit;
}

}  // namespace roce::bench
