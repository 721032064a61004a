#pragma once
// Parser of NVIDIA sysinfo-snapshot's "roce counters" output (commands_txt_output/roce_counters.txt):
// every counter file under /sys/class/infiniband, one line each, path then ": " then the value:
//   Invoked Command: roce counters
//   HW Counters:
//   /sys/class/infiniband/mlx5_0/ports/1/hw_counters/np_cnp_sent: 0
//   Counters:
//   /sys/class/infiniband/mlx5_0/ports/1/counters/port_rcv_data: 3405584
// Per port hw_counters/ and counters/ become RdmaPort::hw_counters and ::counters, in print order.
// Device-wide hw_counters (/sys/class/infiniband/<dev>/hw_counters/...) and the tool's
// "RoCE ... Counters for <dev> port: <n> do not exist." lines are known and skipped; "N/A" (the tool
// could not read the file) and any other line are located warnings. Conventions: parse_result.hpp.
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_sysinfo_roce_counters(std::string_view text,
                                                                             const TextOrigin& origin);

}  // namespace roce::captures::text
