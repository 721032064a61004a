#pragma once
// Parser of iproute2 `dcb [-s] [-N] {pfc|buffer|ets|app|apptrust} show dev <if>` (formats.md §3.5).
// Every token is printed "%s " (lines end in a space); one group per line:
//   pfc-cap 8 macsec-bypass off delay 7         prio-pfc 0:off ... 3:on ...
//   requests 0:0 ... (-s)                       indications 0:0 ... (-s)
//   prio-buffer 0:0 ... 3:1 ...                 buffer-size 0:130944b 1:128Kb ... (sprint_size: b/Kb/Mb/Gb)
//   total-size 1027968b
//   willing off ets-cap 8 cbs off               tc-bw 0:33 ...  pg-bw ...  tc-tsa 0:ets ... (strict|cbs|ets|vendor)
//   prio-tc 0:0 ...                             reco-tc-bw / reco-tc-tsa / reco-prio-tc ...
//   ethtype-prio 8906:3 (hex, "%x")   default-prio 3   dscp-prio CS3:3 24:3 (rt_dsfield names unless -N)
//   stream-port-prio 4791:3   dgram-port-prio 4791:3   port-prio 4791:3   pcp-prio 1de:3
//   order: dscp pcp                              (apptrust)
// One parser for all of them: a file may hold any one of these outputs or several concatenated. It
// returns a model::Dcb whose pfc / buffer / ets / app / apptrust are filled when their lines appear
// (absent otherwise). A group printed in part (a selective `show ... prio-tc`) is still a value, with
// a warning naming what was not printed. Pfc.requests/indications are filled only by `dcb -s`;
// without -s they stay 0 and must not be read as counters (they are not part of the config). DSCP names are those of
// iproute2's default rt_dsfield (CS0-CS7, AF11-AF43, EF and the old TOS names); a site-specific name is a warning. APP
// entries: dscp-prio -> selector DSCP (5); ethtype-prio -> 1; default-prio -> ethertype 0; stream-port-prio -> 2;
// dgram-port-prio -> 3; port-prio -> 4; pcp-prio -> 255 with protocol pcp + 8 * dei ("1de" -> 9; -N prints that
// number). Conventions: parse_result.hpp.
#include <string_view>

#include "captures/text/parse_result.hpp"
#include "model/dcb.hpp"

namespace roce::captures::text {

Expected<Parsed<model::Dcb>> parse_dcb_show(std::string_view text, const TextOrigin& origin);

// "130944b" / "128Kb" / "1Mb" / "1.5Gb" -> bytes (iproute2 sprint_size, units of 1024).
std::optional<std::uint64_t> parse_dcb_size(std::string_view token);

// DSCP key as dcb prints it: a number or an rt_dsfield name ("CS3" -> 24, "EF" -> 46).
std::optional<std::uint8_t> parse_dscp_name(std::string_view token);

}  // namespace roce::captures::text
