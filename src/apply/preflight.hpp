#pragma once
// Reasons to refuse an apply before anything is touched.
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "tune/change.hpp"

namespace roce::apply {

using model::kDcbxLldManaged;

/// lldpad/lldpd processes under `proc_root` (/proc/<pid>/comm): "lldpad (pid 812)".
std::vector<std::string> lldp_agents(const std::string& proc_root);

/// Why an agent owns the DCB configuration the changes touch, or nullopt when none does: a touched
/// netdev whose dcbx mode has LLD_MANAGED set, or a running lldpad/lldpd.
std::optional<std::string> dcbx_owner(const model::Host& host, const std::vector<tune::Change>& changes,
                                      const std::string& proc_root);

bool is_dcb_knob(system::Knob knob);

}  // namespace roce::apply
