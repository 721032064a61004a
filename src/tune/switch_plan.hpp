#pragma once
// `tune --switch`: the switch side of the plan, as the operator pastes it on each switch. It is
// what the catalog's cross checks (XSW-*) find on the cables and the fix each gives (SONiC JSON
// Patch for `config apply-patch`, `config pfcwd` commands), with the finding as the reason.
// Dry run only: roce-doctor never changes a switch.
#include <string>
#include <vector>

#include "engine/check.hpp"
#include "engine/finding.hpp"
#include "engine/runner.hpp"

namespace roce::tune {

struct SwitchPlan {
  std::string text;  // empty when nothing is to change
  bool empty = true;
};

/// The cross checks of the catalog (XSW-*), the selection a switch plan judges.
engine::Selection switch_checks();

/// The findings' fixes (of a run of switch_checks), each command once, and the checks that could
/// not be judged.
SwitchPlan switch_plan(const std::vector<engine::Finding>& ranked, const std::vector<engine::CheckResult>& results);

}  // namespace roce::tune
