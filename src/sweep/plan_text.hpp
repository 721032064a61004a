#pragma once
// The text view of a sweep's plan (`sweep plan` without --json): the fabric, how each test runs,
// and each round with its tests, hosts and purpose.
#include <string>

#include "sweep/plan_file.hpp"

namespace roce::sweep {

std::string render_plan_text(const Plan& plan);

}  // namespace roce::sweep
