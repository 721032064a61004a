#pragma once
// A plan for people and programs: a diff (object, field: current -> proposed, reason), the
// equivalent dcb/tc/ip/sysfs commands, notes; and JSON (schema_version 1):
//   {"schema_version":1, "hostname":..., "changes":[{"object":"ens1f0np0 dcb pfc","netdev":...,
//    "knob":"dcb pfc","index":0,"disruptive":false,"fields":[{"field","current","proposed",
//    "reason"}],"commands":[...]}], "notes":[{"subject","message"}], "commands":[...]}
#include <string>

#include "tune/plan.hpp"

namespace roce::tune {

struct RenderContext {
  std::string origin;     // "live", "from capture examples/cx6dx-ecn-off.json"
  std::string profile;    // "roce-lossless (built-in)"
  bool applying = false;  // tune --apply: the plan is about to be applied, not a dry run
};

std::string render_plan_text(const Plan& plan, const RenderContext& context);
std::string render_plan_json(const Plan& plan, const RenderContext& context);

}  // namespace roce::tune
