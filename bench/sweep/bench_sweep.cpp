// Benchmark: finding degraded components on a simulated fabric (src/sim/fabric_sim.hpp). Over
// random draws of 1-3 faults at random components of random classes, at each size (8 rails,
// rail-optimized, 32 hosts per leaf, 8 spines), runs side by side this planner and localizer (with
// no evidence, with host captures, with host captures and switch exports), all pairs read by eye,
// and serial bisection; prints rounds, tests, accuracy, innocent parts blamed and CPU time as
// Markdown tables, then the goals met or missed with the reason. bench/README.md defines
// every figure.
// Usage: bench_sweep [--hosts 64,256,1024] [--draws 200,100,30] [--seed 29] [--no-baselines] [--show N]
//                    [--busy P]
// --show N prints the faults of the first N draws of each size and what each method named; --busy P
// sets the chance that a test's host is busy (the model's 0.01; 0: no transients).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "all_pairs.hpp"
#include "bisection.hpp"
#include "fabric/build.hpp"
#include "planner.hpp"
#include "score.hpp"
#include "sim/fabric_draws.hpp"
#include "sim/fabric_evidence.hpp"
#include "sim/fabric_faults.hpp"

namespace {

using namespace roce;
using bench::Score;

struct Options {
  std::vector<int> hosts{64, 256, 1024};
  std::vector<int> draws{200, 100, 30};
  std::uint64_t seed = 29;
  bool baselines = true;
  int show = 0;  // draws whose faults and suspects are printed
  sim::Physics physics;
};

std::vector<int> numbers(const char* text) {
  std::vector<int> out;
  for (const char* p = text; *p;) {
    char* end = nullptr;
    out.push_back(static_cast<int>(std::strtol(p, &end, 10)));
    p = *end == ',' ? end + 1 : end;
    if (end == p && *p) break;
  }
  return out;
}

bool parse(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--hosts" && i + 1 < argc)
      o.hosts = numbers(argv[++i]);
    else if (a == "--draws" && i + 1 < argc)
      o.draws = numbers(argv[++i]);
    else if (a == "--seed" && i + 1 < argc)
      o.seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--no-baselines")
      o.baselines = false;
    else if (a == "--show" && i + 1 < argc)
      o.show = std::atoi(argv[++i]);
    else if (a == "--busy" && i + 1 < argc)
      o.physics.busy_host = std::atof(argv[++i]);
    else
      return false;
  }
  return !o.hosts.empty() && !o.draws.empty();
}

enum Method { planner_none, planner_hosts, planner_switches, all_pairs, bisection, kMethods };
const char* kNames[kMethods] = {"planner + localizer, no evidence", "planner + localizer, host captures",
                                "planner + localizer, host captures + switch exports", "all pairs, read by eye",
                                "serial bisection"};

double share(std::size_t part, std::size_t whole) { return whole == 0 ? 0 : 100.0 * part / whole; }

void print_table(const Score (&scores)[kMethods], bool baselines) {
  std::printf(
      "| method | rounds: mean (max) | tests: mean | exact | class | place | innocent blamed: share of named (per "
      "draw) | planner CPU ms | localizer CPU ms: per draw (slowest call) |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|\n");
  for (int m = 0; m < kMethods; ++m) {
    const Score& s = scores[m];
    if (s.draws == 0 || (!baselines && m >= all_pairs)) continue;
    const double d = static_cast<double>(s.draws);
    const bool ours = m < all_pairs;
    char cpu[128] = "- (a person reads the results)";
    if (ours)
      std::snprintf(cpu, sizeof cpu, "%.1f (%.1f)", 1e3 * s.localize_cpu_sum / d, 1e3 * s.localize_max);
    else if (m == bisection)
      std::snprintf(cpu, sizeof cpu, "- (halving: no inference)");
    char plan[32] = "-";
    if (ours) std::snprintf(plan, sizeof plan, "%.2f", 1e3 * s.plan_cpu_sum / d);
    std::printf("| %s | %.1f (%d) | %.0f | %.1f%% | %.1f%% | %.1f%% | %.1f%% (%.2f) | %s | %s |\n", kNames[m],
                s.rounds_sum / d, s.rounds_max, s.tests_sum / d, share(s.exact, s.faults), share(s.klass, s.faults),
                share(s.place, s.faults), share(s.innocent, s.named), static_cast<double>(s.innocent) / d, plan, cpu);
  }
  std::printf("\nExact, by the class of the true fault:\n\n| method |");
  for (int k = 0; k < fabric::kKinds; ++k) std::printf(" %s |", fabric::to_string(static_cast<fabric::Kind>(k)));
  std::printf("\n|---|---|---|---|---|---|\n");
  for (int m = 0; m < kMethods; ++m) {
    const Score& s = scores[m];
    if (s.draws == 0 || (!baselines && m >= all_pairs)) continue;
    std::printf("| %s |", kNames[m]);
    for (int k = 0; k < fabric::kKinds; ++k) std::printf(" %zu/%zu |", s.exact_of[k], s.faults_of[k]);
    std::printf("\n");
  }
}

// The goals for this planner at one size, met or missed with the reason.
void print_goals(int hosts, const Score (&scores)[kMethods]) {
  const int limit = static_cast<int>(std::ceil(std::log2(static_cast<double>(hosts)))) + 3;
  std::printf("\nGoals at %d hosts:\n\n", hosts);
  for (int m = planner_none; m <= planner_switches; ++m) {
    const Score& s = scores[m];
    if (s.draws == 0) continue;
    const double exact = share(s.exact, s.faults), innocent = share(s.innocent, s.named);
    std::string misses;
    for (int k = 0; k < fabric::kKinds; ++k)
      if (s.exact_of[k] < s.faults_of[k])
        misses += (misses.empty() ? "" : ", ") + std::string(fabric::to_string(static_cast<fabric::Kind>(k))) + " " +
                  std::to_string(s.faults_of[k] - s.exact_of[k]) + " of " + std::to_string(s.faults_of[k]);
    std::printf("- %s:\n", kNames[m]);
    std::printf("  - >= 95%% exact component: %s (%.1f%%%s%s)\n", exact >= 95 ? "met" : "missed", exact,
                misses.empty() ? "" : "; not exact: ", misses.c_str());
    std::printf("  - <= 1%% innocent components blamed: %s (%.2f%%: %zu of %zu named; %zu of %zu draws blame one)\n",
                innocent <= 1 ? "met" : "missed", innocent, s.innocent, s.named, s.draws_with_innocent, s.draws);
    std::printf("  - <= ceil(log2 N) + 3 = %d parallel rounds: %s (at most %d", limit,
                s.rounds_max <= limit ? "met" : "missed", s.rounds_max);
    if (s.stopped_at_limit)
      std::printf("; %zu of %zu draws stopped at the limit with tests still wanted", s.stopped_at_limit, s.draws);
    std::printf(")\n");
    if (hosts == 1024)
      std::printf("  - localization of 1,024 hosts under a second: %s (slowest call %.3f s CPU)\n",
                  s.localize_max < 1 ? "met" : "missed", s.localize_max);
  }
}

// One draw's faults and what a method named, for reading a result by hand (on standard error).
void show_draw(const sim::FabricSim& s, const char* method, const bench::MethodRun& run, bool faults) {
  const auto& f = s.fabric();
  if (faults)
    for (const auto& fault : s.faults())
      std::fprintf(stderr, "  fault: %s (%s), %.2f of line%s\n", fabric::name_of(f, s.rails(), fault.component).c_str(),
                   fabric::to_string(fault.component.kind), fault.share,
                   fault.direction == fabric::Direction::in    ? ", toward the host"
                   : fault.direction == fabric::Direction::out ? ", toward the switch"
                                                               : "");
  std::fprintf(stderr, "  %s: %d rounds, %zu tests, named %zu\n", method, run.rounds, run.tests, run.named.size());
  for (std::size_t i = 0; i < run.named.size(); ++i) {
    const auto& b = run.named[i];
    const bool holds = s.fault_on(b.component) ||
                       std::any_of(b.one_of.begin(), b.one_of.end(), [&](auto c) { return s.fault_on(c) != nullptr; });
    std::fprintf(stderr, "    %s %s%s%s\n", holds ? "FAULTY  " : "innocent",
                 fabric::name_of(f, s.rails(), b.component).c_str(), b.one_of.size() > 1 ? " (one of a set of " : "",
                 b.one_of.size() > 1 ? (std::to_string(b.one_of.size()) + ")").c_str() : "");
    if (i < run.rationales.size()) std::fprintf(stderr, "      why: %s\n", run.rationales[i].c_str());
  }
}

std::vector<std::string> host_names(int n) {
  std::vector<std::string> names;
  char name[32];
  for (int i = 1; i <= n; ++i) {
    std::snprintf(name, sizeof name, "gpu%04d", i);
    names.push_back(name);
  }
  return names;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!parse(argc, argv, o)) {
    std::fprintf(stderr,
                 "usage: bench_sweep [--hosts 64,256,1024] [--draws 200,100,30] [--seed 29] [--no-baselines]\n");
    return 3;
  }
  for (std::size_t i = 0; i < o.hosts.size(); ++i) {
    const int n = o.hosts[i];
    const int draws = o.draws[std::min(i, o.draws.size() - 1)];
    auto fabric = fabric::build_fabric(host_names(n), fabric::Design{});
    if (!fabric) {
      std::fprintf(stderr, "bench_sweep: %s\n", fabric.error().message.c_str());
      return 3;
    }
    Score scores[kMethods];
    for (int d = 0; d < draws; ++d) {
      std::fprintf(stderr, "\r%d hosts: draw %d of %d", n, d + 1, draws);
      const std::uint64_t key = sim::key_of({o.seed, static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(d)});
      sim::Draws draw(key);
      const int k = 1 + static_cast<int>(draw.below(3));
      const sim::FabricSim s(*fabric, sim::draw_faults(*fabric, k, draw), key, o.physics);
      const bool show = d < o.show;
      if (show) std::fprintf(stderr, "\ndraw %d:\n", d + 1);
      const auto score = [&](Method m, const bench::MethodRun& run) {
        scores[m].add(s, run);
        if (show) show_draw(s, kNames[m], run, m == planner_none);
      };
      score(planner_none, bench::run_planner(s, {}));
      score(planner_hosts, bench::run_planner(s, sim::evidence(s, {true, false})));
      score(planner_switches, bench::run_planner(s, sim::evidence(s, {true, true})));
      if (o.baselines) {
        score(all_pairs, bench::run_all_pairs(s));
        score(bisection, bench::run_bisection(s));
      }
    }
    std::fprintf(stderr, "\n");
    std::printf("\n### %s: %d draws, %zu faults (k = 1-3), busy hosts in %.1f%% of tests\n\n",
                fabric->built_from.c_str(), draws, scores[planner_none].faults, 100 * o.physics.busy_host);
    print_table(scores, o.baselines);
    print_goals(n, scores);
  }
  return 0;
}
