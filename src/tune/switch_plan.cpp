// The switch side of `tune`: the cross checks' fixes as one dry-run plan.
#include "tune/switch_plan.hpp"

#include <algorithm>

#include "checks/registry.hpp"

namespace roce::tune {

engine::Selection switch_checks() {
  engine::Selection selection;
  for (const auto& c : checks::all_checks())
    if (c.id.starts_with("XSW-")) selection.only.emplace_back(c.id);
  return selection;
}

SwitchPlan switch_plan(const std::vector<engine::Finding>& ranked, const std::vector<engine::CheckResult>& results) {
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

}  // namespace roce::tune
