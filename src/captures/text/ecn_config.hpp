#pragma once
// Parser of a dump of /sys/class/net/<if>/ecn as NVIDIA sysinfo-snapshot stores it
// (ecn/config/<if>): one line per file of the directory, its path (absolute or relative to ecn/)
// then its value, e.g.
//   /sys/class/net/ens1f0/ecn/roce_np/enable/3:1
//   roce_rp/enable/3: 1
//   roce_np/cnp_802p_prio = 6
// The separator may be ':', '=' or spaces. Only roce_np|roce_rp/enable/<prio> are read (NicEcn);
// the other parameters (rate and timer tunables) are known lines, skipped. A priority the dump does
// not list stays missing(absent). Conventions: parse_result.hpp.
#include <string_view>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<model::Field<model::NicEcn>>> parse_ecn_config(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
