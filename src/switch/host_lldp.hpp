#pragma once
// The host's LLDP view of its cables: `lldpctl -f json` (lldpd; `lldp.interface` is an object keyed
// by ifname with one neighbour and a list of one-key objects with several) and `lldptool -t -n -i
// IF` (lldpad: "Chassis ID TLV" / "\tMAC: ..." blocks). Every neighbour keeps {source, FILE[:LINE]}.
#include <string>
#include <string_view>
#include <vector>

#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::switches {

/// Neighbours in `lldpctl -f json` text (also `-f json0`). Fails "FILE:LINE:COLUMN: ..." for
/// broken JSON and "FILE: ..." when it is not lldpctl's (no "lldp" object).
Expected<std::vector<model::HostLldpNeighbor>> parse_lldpctl_json(std::string_view text, const std::string& file);

/// The neighbour in `lldptool -t -n -i NETDEV` text (the netdev is not in the output). Fails
/// "FILE: ..." when no Chassis ID or Port ID TLV is found.
Expected<model::HostLldpNeighbor> parse_lldptool(std::string_view text, const std::string& file,
                                                 const std::string& netdev);

}  // namespace roce::switches
