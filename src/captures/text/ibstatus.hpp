#pragma once
// Parser of infiniband-diags `ibstatus` (a script over sysfs), one block per port:
//   Infiniband device 'mlx5_0' port 1 status:
//   <TAB>default gid:<TAB> fe80:0000:0000:0000:0015:5dff:fd34:11eb
//   <TAB>base lid:<TAB> 0x33bf
//   <TAB>state:<TAB><TAB> 4: ACTIVE
//   <TAB>phys state:<TAB> 5: LinkUp
//   <TAB>rate:<TAB><TAB> 200 Gb/sec (4X HDR)
//   <TAB>link_layer:<TAB> InfiniBand
// Returns one RdmaDevice per device with per port: state and phys_state (the sysfs codes with the
// kernel's names), rate (the sysfs text) and rate_gbps, link_layer. Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_ibstatus(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
