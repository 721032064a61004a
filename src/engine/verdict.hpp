#pragma once
// The verdict of a judgement and its exit code: the one mapping from severities to exit codes
// (util/exit_codes.hpp) for every command that judges (check, bw, nccl, topo, fleet, metrics, report).
#include <vector>

#include "engine/check.hpp"
#include "engine/finding.hpp"

namespace roce::engine {

struct Verdict {
  int critical = 0, warning = 0, info = 0;
  /// false: nothing could be judged (every check skipped, no window or result judged), which is
  /// never "healthy".
  bool judged = true;

  void add(Severity severity);
  /// "critical", "warning", "nothing-judged" or "healthy".
  const char* status() const;
  /// 2 a critical finding, 1 warnings, 5 nothing judged, else 0.
  int exit_code() const;
};

/// The findings counted by severity.
Verdict verdict_of(const std::vector<Finding>& findings);
/// The results' findings counted; not judged when every result was skipped (a run of no check at
/// all, as --only/--skip can leave, is not "nothing judged").
Verdict verdict_of(const std::vector<CheckResult>& results);

}  // namespace roce::engine
