// Severities to a verdict and its exit code.
#include "engine/verdict.hpp"

#include <algorithm>

#include "util/exit_codes.hpp"

namespace roce::engine {

void Verdict::add(Severity severity) {
  switch (severity) {
    case Severity::critical: ++critical; break;
    case Severity::warning: ++warning; break;
    case Severity::info: ++info; break;
  }
}

const char* Verdict::status() const {
  return critical ? "critical" : warning ? "warning" : judged ? "healthy" : "nothing-judged";
}

int Verdict::exit_code() const {
  return critical ? kExitCritical : warning ? kExitWarnings : judged ? kExitHealthy : kExitNothingJudged;
}

Verdict verdict_of(const std::vector<Finding>& findings) {
  Verdict v;
  for (const auto& f : findings) v.add(f.severity);
  return v;
}

Verdict verdict_of(const std::vector<CheckResult>& results) {
  Verdict v;
  for (const auto& r : results)
    for (const auto& f : r.findings) v.add(f.severity);
  v.judged = results.empty() || std::any_of(results.begin(), results.end(), [](const CheckResult& r) {
               return r.status != CheckResult::Status::skipped;
             });
  return v;
}

}  // namespace roce::engine
