#pragma once
// The tests that would tell the suspects apart, with known-good partners: NICs whose results
// cleared them in the direction the partner plays, under the same leaf where there is one (so that
// no spine link enters the test), each partner used once.
#include <vector>

#include "fabric/fabric.hpp"
#include "sweep/classify.hpp"
#include "sweep/localize.hpp"
#include "sweep/rail_facts.hpp"

namespace roce::sweep {

std::vector<NextTest> next_tests(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Wanted>& wanted);

}  // namespace roce::sweep
