#pragma once
// Parser of mlnx-tools `show_gids [<dev> [<port>]]` (formats.md §3.3):
//   DEV<TAB>PORT<TAB>INDEX<TAB>GID<TAB><TAB><TAB><TAB><TAB>IPv4  <TAB><TAB>VER<TAB>DEV
//   ---<TAB>----<TAB>-----<TAB>---<TAB>...
//   mlx5_0<TAB>1<TAB>3<TAB>0000:0000:0000:0000:0000:ffff:ac13:003c<TAB>172.19.0.60  <TAB>v2<TAB>ens1f0
//   n_gids_found=6
// Columns are split on any run of spaces or tabs (captures copied from web pages lost the tabs).
// Returns one RdmaDevice per DEV with one RdmaPort per PORT whose only filled field is `gids`:
// index, gid (sysfs form), type ("v2" -> "RoCE v2", "v1" -> "IB/RoCE v1", the sysfs names) and
// netdev. A footer count that disagrees with the rows read is a warning.
// Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_show_gids(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
