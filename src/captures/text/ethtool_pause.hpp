#pragma once
// Parser of `ethtool -a <if>` and `ethtool -I -a <if>` (formats.md §3.4; ioctl and netlink ethtool):
//   Pause parameters for ens1f0np0:
//   Autonegotiate:<TAB>off
//   RX:<TAB><TAB>off
//   TX:<TAB><TAB>off
//   RX negotiated: on                 (autoneg on only; not read)
//   Statistics:                       (-I, netlink, when the driver reports them)
//     tx_pause_frames: 0
//     rx_pause_frames: 0
// Returns the PauseParams located at the header line; missing(error) when Autonegotiate, RX or
// TX is absent or unreadable. "Cannot get device pause settings: Operation not supported" is a
// result too: missing(unsupported / denied / error) with that text. Conventions: parse_result.hpp.
#include <string_view>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<model::Field<model::PauseParams>>> parse_ethtool_pause(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
