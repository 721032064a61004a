#pragma once
/// `tune --switch`: the switch side of the plan, as the operator pastes it on each switch. It is
/// what the catalog's cross checks (XSW-*) find on the cables and the fix each gives (SONiC JSON
/// Patch for `config apply-patch`, `config pfcwd` commands), with the finding as the reason.
/// Dry run only: roce-doctor never changes a switch.
#include <string>

#include "engine/context.hpp"

namespace roce::cli {

struct SwitchPlan {
  std::string text;  // empty when nothing is to change
  bool empty = true;
};

/// Runs the XSW-* checks on the context and renders their fixes, each command once.
SwitchPlan switch_plan(const engine::Context& ctx);

}  // namespace roce::cli
