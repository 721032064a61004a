#pragma once
// The catalog of every check, in the order of checks/CMakeLists.txt (ROCE_CHECKS).
#include <span>
#include <vector>

#include "engine/check.hpp"
#include "engine/context.hpp"
#include "engine/runner.hpp"
#include "profile/load.hpp"

namespace roce::checks {

std::span<const engine::CheckInfo> all_checks();

/// The catalog's threshold keys, for profile::parse_profile / load_profile.
profile::ThresholdCatalog threshold_catalog();

/// run_checks over the whole catalog.
std::vector<engine::CheckResult> run_checks(const engine::Context& ctx, const engine::Selection& selection = {});

}  // namespace roce::checks
