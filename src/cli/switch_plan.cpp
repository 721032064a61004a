// The switch side of `tune`: the cross checks' fixes as one dry-run plan.
#include "cli/switch_plan.hpp"

#include <algorithm>

#include "checks/registry.hpp"
#include "engine/runner.hpp"

namespace roce::cli {

SwitchPlan switch_plan(const engine::Context& ctx) {
  engine::Selection selection;
  for (const auto& c : checks::all_checks())
    if (c.id.rfind("XSW-", 0) == 0) selection.only.emplace_back(c.id);
  const auto results = checks::run_checks(ctx, selection);
  const auto ranked = engine::ranked_findings(checks::all_checks(), results);
  SwitchPlan plan;
  std::vector<std::string> seen;
  std::string body;
  for (const auto& f : ranked) {
    body += "  " + f.id + ": " + f.title + "\n";
    for (const auto& command : f.remediation) {
      if (std::find(seen.begin(), seen.end(), command) != seen.end()) {
        body += "      (same command as above)\n";
        continue;
      }
      seen.push_back(command);
      body += "      " + command + "\n";
    }
  }
  std::string skipped;
  for (const auto& r : results)
    if (r.status == engine::CheckResult::Status::skipped)
      skipped += "  " + r.id + " not judged: " + r.skipped_reason + "\n";
  plan.empty = ranked.empty();
  plan.text = "\nSwitch side (dry run: roce-doctor never changes a switch; paste on the switch named):\n" +
              (body.empty() ? std::string("  nothing to change on the cables judged\n") : body) + skipped;
  return plan;
}

}  // namespace roce::cli
