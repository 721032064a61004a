#pragma once
// (a) This planner and localizer: the coverage rounds, then rounds of the localization's next
// tests (fit_round), localized after each, until no next test or the round limit.
#include <vector>

#include "fabric/test.hpp"
#include "method.hpp"
#include "sim/fabric_sim.hpp"

namespace roce::bench {

MethodRun run_planner(const sim::FabricSim& sim, const std::vector<fabric::Evidence>& evidence);

}  // namespace roce::bench
