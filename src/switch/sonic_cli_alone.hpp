#pragma once
// A SONiC switch known only from CLI outputs pasted without its CONFIG_DB export (`show pfcwd
// stats`, `show pfc counters`, `show queue counters`, `show lldp table`, ...): its ports are those
// the outputs name, and what only the configuration says (maps, pfc_enable, WRED, buffers, MTU) is
// unsupported with the reason, never assumed. The outputs are then attached as to any SONiC switch.
#include <string>
#include <vector>

#include "model/switch_port.hpp"

namespace roce::switches {

/// The switch `name` with the ports `ports` (in the order given, duplicates once); `shown` names the
/// outputs ("`show pfcwd stats` (FILE)") in every reason.
model::Switch sonic_switch_of_cli(const std::string& name, const std::vector<std::string>& ports,
                                  const std::string& shown, const model::Provenance& from);

}  // namespace roce::switches
