#pragma once
// Parser of iproute2's `devlink sb pool show`, `devlink sb port pool show` and `devlink sb tc bind
// show` (one of them, or several concatenated). Each row follows its handle, on the handle's line
// or indented below it (iproute2 since 5.x):
//   pci/0000:03:00.0:
//     sb 0 pool 0 type ingress size 12440064 thtype dynamic cell size 96
//   swp1:
//     sb 0 pool 0 threshold 16
//     sb 0 tc 3 type ingress pool 0 threshold 10
// A port handle is the port's netdev ("swp1", nice names, the default) or "pci/0000:03:00.0/61"
// (-n). Port rows under a netdev handle belong to the one device whose pools the text lists (to
// none, device "", when it lists several or none). Rows it cannot read are located warnings;
// occupancy lines ("occ ...") are skipped. Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/shared_buffer.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::DevlinkSb>>> parse_devlink_sb(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
