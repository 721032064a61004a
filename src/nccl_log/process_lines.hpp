#pragma once
// What a process says of itself: its library version, network, environment (NCCL_* echoes) and
// communicators (rank, GPU). Each reads a message (the text after " NCCL INFO ") into its process
// and says whether it was one of its kind.
#include <string>
#include <string_view>

#include "model/nccl_log.hpp"

namespace roce::nccl_log {

/// "NCCL version 2.21.5+cuda12.4", "RCCL version 2.17.1+hip5.7 HEAD:cbbb3d8" at INFO level.
bool read_version_line(std::string_view msg, model::NcclRank& r);

/// "Using network IB", "Using network Socket".
bool read_network_line(std::string_view msg, model::NcclRank& r);

/// A version printed without a level: bare on older NCCL releases ("NCCL version 2.7.8+cuda10.1"),
/// by RCCL at its VERSION and WARN levels ("RCCL version 2.17.1+hip5.7 HEAD:cbbb3d8"), after at most
/// a short prefix of one word; `mentions_nccl`: the line holds "NCCL ".
bool read_bare_version(std::string_view line, bool mentions_nccl, model::NcclLog& log);

/// "NCCL_IB_TC set by environment to 162.", "NCCL_IB_HCA set to mlx5_0,mlx5_1".
bool read_env_line(std::string_view msg, model::NcclRank& r, std::string& scratch);

/// "comm 0x5563e3b79140 rank 1 nranks 4 cudaDev 1 nvmlDev 1 busId b1000 ...", "comm 0x... rank 3 nRanks 4 ...".
bool read_comm_line(std::string_view msg, model::NcclRank& r);

}  // namespace roce::nccl_log
