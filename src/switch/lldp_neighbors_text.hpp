#pragma once
// SONiC's `show lldp neighbors` (lldpctl's plain layout on the switch): one block per neighbour,
// "Interface:    Ethernet116, via: LLDP, ..." then "SysName:", "PortID:  TYPE VALUE" (ifname, local,
// mac) and "PortDescr:" lines. The same neighbours as `show lldp table`; a host running lldpd with
// its defaults shows its MAC as PortID. Provenance {"sonic-cli", "FILE:LINE"} of the Interface line.
#include <string>
#include <string_view>
#include <vector>

#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::switches {

/// Fails "FILE: ..." when the text holds no "Interface:" block with a PortID line.
Expected<std::vector<model::SwitchLldpNeighbor>> parse_show_lldp_neighbors(std::string_view text,
                                                                           const std::string& file);

}  // namespace roce::switches
