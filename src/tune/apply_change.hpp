#pragma once
// The host as it would read after a change (pure; the simulator and the tests use it). Only the
// changed object moves: e.g. a PFC change sets pfc_en and delay and keeps the PFC counters.
// A change to an object the host does not report (a missing Field) makes it present with the
// proposed value; a change for a netdev the host does not have is ignored.
#include "model/host.hpp"
#include "tune/change.hpp"

namespace roce::tune {

void apply_change(model::Host& host, const Change& change);

/// Every change of a plan in order.
void apply_changes(model::Host& host, const std::vector<Change>& changes);

}  // namespace roce::tune
