#pragma once
// Parser of iproute2 `rdma statistic [show [link <dev>/<port>]]` (formats.md §2.4), in its three forms:
//   link mlx5_0/1                           (current: name on the header line, then
//       rx_write_requests 0                  one "<4 spaces><name> <value> " line per counter)
//   link mlx5_0/1 rx_write_requests 0 rx_read_requests 0 ...      (older: all on one line)
//   [{"ifname":"mlx5_0","port":1,"rx_write_requests":0,...}]      (-j, also -j -p)
// Returns one RdmaDevice per device with one RdmaPort per port whose only filled field is
// hw_counters (names and values in the printed order). JSON values are located at the document's
// first line (FILE:1). Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_rdma_statistic(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
