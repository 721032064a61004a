#pragma once
// Parser of MLNX_OFED `mlnx_qos -i <if>` (formats.md §2.6; old and new layouts):
//   DCBX mode: OS controlled                        | Firmware controlled
//   Priority trust state: dscp                      | pcp
//   dscp2prio mapping:                              (trust dscp only)
//   <TAB>prio:0 dscp:07,06,05,04,03,02,01,00,       (8 per line; a prio may span several lines)
//   default priority:                               (newer; entries read as "<TAB>prio:N" or "<TAB>N")
//   Receive buffer size (bytes): 20352,156900,0,0,0,0,0,0,total_size=1027968   (newer; no total via sysfs)
//   Cable len: 7
//   PFC configuration:
//   <TAB>priority    0   1   2   3   4   5   6   7
//   <TAB>enabled     0   0   0   1   0   0   0   0
//   <TAB>buffer      0   0   0   1   0   0   0   0                                   (new)
//   tc: 0 ratelimit: unlimited, tsa: ets, bw: 10%   | tsa: strict | vendor; ratelimit "%.1f Gbps"
//   <TAB> priority:  1                              (only tcs that priorities map to, all 8 with -a)
// Also understood: "Buffers commands are not supported on your system" (buffer unsupported),
// "Priority trust state is not supported on your system" / "... state: none" (trust unsupported)
// and the lldpad warning banner.
// Returns:
//   trust        "dscp" / "pcp" (the vendor sysfs qos/trust word, NetDev.trust)
//   dcbx_mode    "OS controlled" / "Firmware controlled"; dcb.dcbx gets DCB_CAP_DCBX_HOST (1) or
//                DCB_CAP_DCBX_LLD_MANAGED (2) only: mlnx_qos does not print the version bits
//   dcb.app      the dscp2prio table as APP entries {selector DSCP (5), protocol dscp, priority}, and
//                the default priority as {selector ethertype (1), protocol 0, priority}
//   dcb.pfc      pfc_en from "enabled", delay = Cable len (mlx5: metres). mlnx_qos prints no
//                mbc or PFC counters (those stay 0), pfc_cap (absent)
//   dcb.buffer   prio2buffer from "buffer", buffer_size and total_size; absent on the old layout,
//                which prints neither; unsupported when mlnx_qos says so
//   dcb.ets      tc_tsa, tc_tx_bw and prio_tc from the tc blocks; an error when not every priority
//                is listed under a tc (a truncated capture), since the map would be incomplete.
//                tsa/bw of a tc no priority maps to are not printed (without -a) and stay 0
//   dcb.maxrate  per tc, bits per second (0 = unlimited); absent unless all 8 tcs were printed
// Conventions: parse_result.hpp.
#include <string>
#include <string_view>

#include "captures/text/parse_result.hpp"
#include "model/dcb.hpp"

namespace roce::captures::text {

struct MlnxQos {
  model::Field<std::string> dcbx_mode;
  model::Field<std::string> trust;
  model::Dcb dcb;
};

Expected<Parsed<MlnxQos>> parse_mlnx_qos(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
