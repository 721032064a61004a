#pragma once
// Reasons to refuse an apply before anything is touched.
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "tune/change.hpp"

namespace roce::apply {

using model::kDcbxLldManaged;

/// Why an agent owns the DCB configuration the changes touch, or nullopt when none does: a touched
/// netdev whose dcbx mode has LLD_MANAGED set, or an lldpad/lldpd that the host's sample found
/// running (Host::lldp_agents, read by sources/lldp_agents).
std::optional<std::string> dcbx_owner(const model::Host& host, const std::vector<tune::Change>& changes);

bool is_dcb_knob(system::Knob knob);

}  // namespace roce::apply
