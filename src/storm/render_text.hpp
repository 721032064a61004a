#pragma once
// The storms of an analysis as text: per storm its cause, priority and time, the origin, the ports
// it reached by hops with when each paused or was paused (victims marked), the evidence, the fix,
// what could not be seen; then the notes of the reading; a last line with the verdict.
#include <string>

#include "storm/analyze.hpp"

namespace roce::storm {

std::string render_text(const Analysis& analysis);

}  // namespace roce::storm
