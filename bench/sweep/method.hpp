#pragma once
// What one way of finding degraded components did on one fault draw: what it ran, what it named,
// and its own CPU time. Shared by the three methods the sweep benchmark compares.
#include <time.h>

#include <cstddef>
#include <vector>

#include "fabric/fabric.hpp"

namespace roce::bench {

/// One named suspect: a component, or a set the method names as "one of these" (the first is
/// `component`).
struct Blame {
  fabric::Component component;
  std::vector<fabric::Component> one_of;
};

struct MethodRun {
  int rounds = 0;         // parallel rounds (a serial method: runs, one after the other)
  std::size_t tests = 0;  // bandwidth tests run
  std::vector<Blame> named;
  std::vector<std::string> rationales;  // the localizer's, one per named blame (empty for the baselines)
  double plan_cpu_s = 0;                // choosing tests (the planner's coverage and fitted rounds)
  double localize_cpu_s = 0;            // reading results into suspects, every call of the draw
  double localize_max_s = 0;            // the slowest single call
  bool stopped_at_limit = false;        // the round limit ended it with tests still wanted
};

/// The CPU time of the calling thread, seconds.
inline double thread_cpu_s() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

/// A test's result below this share of line rate is low: what every method reads as slow.
inline constexpr double kLowRatio = 0.85;

}  // namespace roce::bench
