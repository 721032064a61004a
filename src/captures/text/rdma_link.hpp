#pragma once
// Parser of iproute2 `rdma link [show]` (rdma/link.c), one line per port:
//   link mlx5_0/1 state ACTIVE physical_state LINK_UP netdev ens1f0np0
//   link mlx5_7/1 subnet_prefix fe80:0000:0000:0000 lid 3403 sm_lid 1 lmc 0 state ACTIVE physical_state LINK_UP
// Returns one RdmaDevice per device with one RdmaPort per line: state and phys_state as the sysfs
// codes and names ("ACTIVE" -> {4, "ACTIVE"}, "LINK_UP" -> {5, "LinkUp"}) and netdev (the port's
// Ethernet netdev; absent when the tool printed none, as for InfiniBand ports). Indented lines (caps
// of -d) and words roce-doctor does not use are skipped. Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_rdma_link(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
