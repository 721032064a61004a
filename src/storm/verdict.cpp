// Severity of a storm by its cause.
#include "storm/verdict.hpp"

#include <algorithm>

namespace roce::storm {

int severity(Cause cause) { return cause == Cause::incast ? 1 : 2; }

int exit_code_of(const Analysis& analysis) {
  int worst = 0;
  for (const auto& s : analysis.storms) worst = std::max(worst, severity(s.cause));
  return worst;
}

}  // namespace roce::storm
