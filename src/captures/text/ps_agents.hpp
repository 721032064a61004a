#pragma once
// The LLDP agents (lldpad, lldpd) in a `ps` listing, as sos and users capture it: `ps auxwww`,
// `ps auxfwww` (forest), `ps alxwww`, `ps -ef`, `ps -elfL`, `ps axo ...,comm,...`. The header names
// the PID and COMMAND/CMD columns; a row whose command's program is an agent gives
// "lldpad (pid 812)", once per agent. An empty list: the listing shows no agent.
// Conventions: parse_result.hpp.
#include <string>
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<std::string>>> parse_ps_lldp_agents(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
