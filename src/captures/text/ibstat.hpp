#pragma once
// Parser of `ibstat` and `ibstat <ca> [<port>]` (formats.md §3.1):
//   CA 'mlx5_0'                      | CA: 'mlx5_0'   (single-port form, no indentation)
//   <TAB>CA type: MT4129
//   <TAB>Number of ports: 1
//   <TAB>Firmware version: 28.39.1002
//   <TAB>Node GUID: 0x946dae0300cde72c
//   <TAB>Port 1:
//   <TAB><TAB>State: Active
//   <TAB><TAB>Physical state: LinkUp
//   <TAB><TAB>Rate: 400
//   <TAB><TAB>Link layer: InfiniBand
// Returns one RdmaDevice per CA with name, hca_type, fw_ver, node_guid (in sysfs form
// "946d:ae03:00cd:e72c"), port_count ("Number of ports") and per port: state and phys_state as the
// sysfs codes and names ("Active" -> {4, "ACTIVE"}, "LinkUp" -> {5, "LinkUp"}), rate_gbps and
// link_layer. `rate` stays absent: ibstat prints neither the width nor the encoding.
// Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_ibstat(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
