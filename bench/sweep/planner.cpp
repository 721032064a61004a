// The planner's loop on the simulated fabric, as `sweep run` drives it.
#include "planner.hpp"

#include <algorithm>

#include "sweep/localize.hpp"
#include "sweep/plan.hpp"

namespace roce::bench {

MethodRun run_planner(const sim::FabricSim& sim, const std::vector<fabric::Evidence>& evidence) {
  MethodRun out;
  const auto& f = sim.fabric();
  std::vector<sweep::Observation> seen;
  const auto run = [&](const sweep::Round& round) {
    ++out.rounds;
    for (const auto& t : round.tests)
      seen.push_back({t, out.rounds, sweep::Status::measured, sim.measure(t), sim.line_gbps(t), "", ""});
    out.tests += round.tests.size();
  };
  const auto localize = [&] {
    const double start = thread_cpu_s();
    auto l = sweep::localize(f, seen, evidence);
    const double spent = thread_cpu_s() - start;
    out.localize_cpu_s += spent;
    out.localize_max_s = std::max(out.localize_max_s, spent);
    return l;
  };

  double start = thread_cpu_s();
  const auto coverage = sweep::plan_coverage(f, {});
  out.plan_cpu_s += thread_cpu_s() - start;
  for (const auto& round : coverage.rounds) run(round);
  auto l = localize();
  const int limit = sweep::round_limit(f.hosts.size(), {});
  while (!l.next.empty() && out.rounds < limit) {
    std::vector<fabric::Test> wanted;
    for (const auto& n : l.next) wanted.push_back(n.test);
    start = thread_cpu_s();
    const auto round = sweep::fit_round(wanted, static_cast<std::uint32_t>(seen.size() + 1), "next");
    out.plan_cpu_s += thread_cpu_s() - start;
    run(round);
    l = localize();
  }
  out.stopped_at_limit = !l.next.empty();
  for (const auto& s : l.suspects) {
    out.named.push_back({s.component, s.one_of});
    out.rationales.push_back(s.rationale);
  }
  return out;
}

}  // namespace roce::bench
