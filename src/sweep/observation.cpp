// The words of a test's outcome, as pairs.csv and the views write them.
#include "sweep/observation.hpp"

namespace roce::sweep {

const char* to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::measured: return "measured";
    case Outcome::failed: return "failed";
    case Outcome::timeout: return "timeout";
    case Outcome::missing: return "missing";
  }
  return "?";
}

}  // namespace roce::sweep
