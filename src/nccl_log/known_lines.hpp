#pragma once
// NCCL's INFO lines that carry nothing the summary needs but are NCCL's own (not "unknown").
#include <string_view>

namespace roce::nccl_log {

/// An INFO message NCCL prints that the summary does not need: plugin loaders, tuning, topology,
/// timings, and the lines other readers take (NET/, NCCL_*, comm 0x).
bool known_info(std::string_view msg);

}  // namespace roce::nccl_log
