#pragma once
// What a storm's origin shows and what to do about it, as lines for the views: its counters over
// the storm (pause share, traffic received, drops, ECN marks) and the fix for the origin, never
// for the victims: the host's receive path (tune), the NIC's storm prevention and a drain line, the
// PFC watchdog on the switch port facing it (as `check --switch` prints SONiC's commands), ECN on a
// congested egress, 802.3x off.
#include <string>
#include <vector>

#include "storm/analyze.hpp"
#include "storm/port_state.hpp"

namespace roce::storm {

/// Over bins [first_bin, last_bin] of the storm.
std::vector<std::string> origin_evidence(const PortStates& ps, std::size_t first_bin, std::size_t last_bin,
                                         const std::vector<std::size_t>& origin, Cause cause, int lane,
                                         const Grid& grid);

std::vector<std::string> origin_fixes(const PortStates& ps, const std::vector<std::size_t>& origin, Cause cause,
                                      int lane);

}  // namespace roce::storm
