#pragma once
// Parser of `ethtool <if>` (link settings, ioctl and netlink ethtool):
//   Settings for ens1f0np0:
//   <TAB>Supported link modes:   100000baseCR4/Full ...     (continuation lines)
//   <TAB>Advertised link modes:  100000baseCR4/Full ...     | Not reported
//   <TAB>Link partner advertised link modes:  ...           | Not reported (or no line)
//   <TAB>Speed: 100000Mb/s                                  | Speed: Unknown!
//   <TAB>Lanes: 4                                           (newer ethtool)
//   <TAB>Duplex: Full                                       | Half | Unknown! (255)
//   <TAB>Auto-negotiation: on
//   <TAB>Link detected: yes
// Returns `settings` (speed_mbps, nullopt for "Unknown!"; duplex "full"/"half"/"unknown"; autoneg;
// lanes when printed; the speeds of the supported, advertised and link partner modes, not reported
// without a line or for "Not reported"), missing(error) when Speed, Duplex or Auto-negotiation is absent or garbled,
// and `link_detected`. "Cannot get ..." lines of an unprivileged run are skipped; a run that printed
// only such a line gives missing(unsupported/denied/error). Conventions: parse_result.hpp.
#include <string_view>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

struct EthtoolLink {
  model::Field<model::LinkSettings> settings;
  model::Field<bool> link_detected;
};

Expected<Parsed<EthtoolLink>> parse_ethtool_link(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
