#pragma once
// Runs checks over a Context, links root causes and ranks the findings.
#include <span>
#include <string>
#include <vector>

#include "engine/check.hpp"
#include "engine/context.hpp"
#include "util/expected.hpp"

namespace roce::engine {

/// --only / --skip: check IDs. Empty `only` means all.
struct Selection {
  std::vector<std::string> only;
  std::vector<std::string> skip;
};

/// Fails (with "did you mean ...?") on an ID that is not in the catalog.
Outcome validate(std::span<const CheckInfo> catalog, const Selection& selection);

/// Runs the selected checks in catalog order. Findings are linked (caused_by) and each result's
/// findings are ranked; use ranked_findings() for the host-wide order.
std::vector<CheckResult> run_checks(std::span<const CheckInfo> catalog, const Context& ctx,
                                    const Selection& selection = {});

/// Every finding of every result, ranked: critical before warning before info; within a severity,
/// root causes before the findings they explain; then catalog order, then subject.
std::vector<Finding> ranked_findings(std::span<const CheckInfo> catalog, const std::vector<CheckResult>& results);

/// Fills caused_by: a finding of check C is caused by every finding on the same netdev (any netdev
/// when C's finding names no port) of a check that C's CheckInfo lists in explained_by.
void link_causes(std::span<const CheckInfo> catalog, std::vector<CheckResult>& results);

/// The findings of `ranked` that `finding` names as its causes (caused_by), in rank order.
std::vector<const Finding*> causes_of(const std::vector<Finding>& ranked, const Finding& finding);

/// The closest catalog ID to `id` (edit distance), or "" when nothing is close.
std::string closest_id(std::span<const CheckInfo> catalog, std::string_view id);

}  // namespace roce::engine
