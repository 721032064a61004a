#pragma once
// What a storm's cause says of the fabric, as the exit code says it: incast is a warning (the
// traffic pattern congests an egress; the fabric does what it should: ECN marks, PFC holds the
// senders), every other cause is critical (a host or a NIC stops its neighbours, switch buffers
// can deadlock, 802.3x stops every priority, or the cause is not in the data).
#include "storm/analyze.hpp"

namespace roce::storm {

/// 1 warning, 2 critical.
int severity(Cause cause);

/// The exit code of an analysis: 0 no storm, else the worst severity of its storms.
int exit_code_of(const Analysis& analysis);

}  // namespace roce::storm
