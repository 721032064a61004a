#pragma once
// The channel lines of NCCL's connection setup: which transport each channel uses.
#include <string_view>

#include "model/nccl_log.hpp"

namespace roce::nccl_log {

/// "Channel 00/0 : 3[1] -> 0[0] [receive] via NET/IB/2/GDRDMA", "Channel 01 : 0[18000] -> 1[1a000] via P2P/IPC".
bool read_channel_line(std::string_view msg, model::NcclChannels& c);

}  // namespace roce::nccl_log
