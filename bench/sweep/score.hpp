#pragma once
// How well a method's named suspects match the faults of a draw, summed over draws (bench/README.md
// defines each figure).
#include <array>
#include <cstddef>
#include <vector>

#include "fabric/fabric.hpp"
#include "method.hpp"
#include "sim/fabric_sim.hpp"

namespace roce::bench {

struct Score {
  std::size_t draws = 0, faults = 0;
  std::size_t exact = 0, klass = 0, place = 0;  // faults found so
  std::size_t named = 0, innocent = 0;          // suspects named; of them, naming no faulty part
  std::size_t draws_with_innocent = 0;
  std::array<std::size_t, fabric::kKinds> faults_of{}, exact_of{};  // per class of the true fault
  // Rounds, tests and CPU over draws.
  int rounds_max = 0;
  double rounds_sum = 0, tests_sum = 0, plan_cpu_sum = 0, localize_cpu_sum = 0, localize_max = 0;
  std::size_t stopped_at_limit = 0;  // draws that ended at the round limit with tests still wanted

  void add(const sim::FabricSim& sim, const MethodRun& run);
};

}  // namespace roce::bench
