#pragma once
// Parser of rdma-core `ibv_devices`:
//       device          	   node GUID
//       ------          	----------------
//       mlx5_0          	0c42a10300d1a2b2
// Returns one RdmaDevice per row with node_guid in the sysfs form ("0c42:a103:00d1:a2b2"). A
// header without rows (no device) is an empty list. Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_ibv_devices(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
