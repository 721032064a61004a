#pragma once
// Times sweeps against each other. The contenders take turns in rounds, each getting a share of
// its time budget per round, so that a disturbance on the host (other processes, a namespace being
// torn down, rtnl_lock held elsewhere) lands on all of them alike. Each run is bracketed by
// std::chrono::steady_clock (wall time) and by CPU time: every thread of this process plus the
// children it reaped; on a loaded host wall time also counts the time other processes ran.
//
// Child processes are watched too: a sweep that forks or spawns anything shows up in
// getrusage(RUSAGE_CHILDREN) once the child is reaped, or in /proc/self/task/*/children while it
// is not.
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "util/expected.hpp"

namespace roce::bench {

struct Budget {
  std::chrono::milliseconds time;  // over all rounds
  int min_iterations = 10;
  int max_iterations = 1000;
};

struct Contender {
  std::string name;
  std::function<Outcome()> sweep;
  Budget budget;
};

struct Timing {
  int iterations = 0;
  double median_us = 0, p99_us = 0;  // wall; p99 by nearest rank (with < 100 runs, the slowest)
  double cpu_median_us = 0;          // CPU time of one run
  bool children_seen = false;
};

// Two untimed warm-up runs per contender, then `rounds` rounds. Results in contender order.
Expected<std::vector<Timing>> time_interleaved(const std::vector<Contender>& contenders, int rounds);

}  // namespace roce::bench
