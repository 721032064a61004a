#pragma once
// Parser of MLNX_OFED `show_counters <dev>` (mlnx-tools), which cats the port's sysfs counters:
//   Port 1 hw counters:
//   duplicate_request: 0
//   ...
//   Port 1 cm counters:
//   cm_tx_msgs: 12
// The device is named on the command line only: the caller gives it (from the file's name).
// Returns that RdmaDevice with per port hw_counters (the "hw counters" block, in print order); the
// "cm counters" blocks (RDMA-CM message counts) are skipped. Conventions: parse_result.hpp.
#include <string_view>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<model::RdmaDevice>> parse_show_counters(std::string_view text, std::string_view device,
                                                        const TextOrigin& origin);

}  // namespace roce::captures::text
