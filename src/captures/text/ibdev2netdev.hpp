#pragma once
// Parser of MLNX_OFED `ibdev2netdev [-v]`, one line per RDMA port:
//   mlx5_0 port 1 ==> ens1f0np0 (Up)
//   0000:3b:00.0 mlx5_0 (MT4125 - MCX623106AN-CDAT) ConnectX-6 Dx fw 22.39.1002 port 1 (ACTIVE) ==> ens1f0np0 (Up) (-v)
//   mlx5_0 port 1 <===> eth2                       (the old style, for netdevs without dev_id)
// Returns one RdmaDevice per device with one RdmaPort per line whose only filled field is netdev.
// "(Up)"/"(Down)" is the netdev's state, read elsewhere (ip link, sysfs). Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_ibdev2netdev(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
