#pragma once
// Parser of `ibv_devinfo` and `ibv_devinfo -v` (formats.md §3.2):
//   hca_id:<TAB>mlx5_0
//   <TAB>fw_ver:<TAB><TAB><TAB><TAB>28.39.1002
//   <TAB>node_guid:<TAB><TAB><TAB>a088:c203:00e3:142a
//   <TAB>board_id:<TAB><TAB><TAB>MT_0000000838
//   <TAB>phys_port_cnt:<TAB><TAB><TAB>1
//   <TAB><TAB>port:<TAB>1
//   <TAB><TAB><TAB>state:<TAB><TAB><TAB>PORT_ACTIVE (4)
//   <TAB><TAB><TAB>max_mtu:<TAB><TAB>4096 (5)
//   <TAB><TAB><TAB>active_mtu:<TAB><TAB>1024 (3)
//   <TAB><TAB><TAB>link_layer:<TAB><TAB>Ethernet
//   <TAB><TAB><TAB>phys_state:<TAB><TAB>LINK_UP (5)                        (-v)
//   <TAB><TAB><TAB>GID[  3]:<TAB><TAB>::ffff:172.19.0.60, RoCE v2          (-v)
// Returns one RdmaDevice per hca_id with fw_ver, node_guid, board_id, port_count (phys_port_cnt)
// and per port: state, phys_state (sysfs codes and names), active_mtu and max_mtu in bytes,
// link_layer and, with -v, the GIDs in sysfs form with their type ("RoCE v2", "IB/RoCE v1"; absent
// when rdma-core printed no type). "No IB devices found" is an empty list, not an error. The
// capability lists of -v (the deeper-indented lines under "device_cap_flags:", "raw packet caps:",
// "tso_caps:", ...) and its statement lines ("tag matching not supported") are skipped, whatever
// they hold.
// Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_ibv_devinfo(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
