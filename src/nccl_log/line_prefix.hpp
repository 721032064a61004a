#pragma once
// Where NCCL's part of a log line starts (" NCCL INFO ", " NCCL WARN ", ...) and what precedes it.
#include <cstddef>
#include <optional>
#include <string_view>

namespace roce::nccl_log {

/// The " NCCL <LEVEL> " marker of a line.
struct LevelMarker {
  std::size_t at = std::string_view::npos;  // where "NCCL " starts; npos on a line without a marker
  std::string_view level;                   // "INFO ", "WARN ", "TRACE " or "ABORT "
  bool mentions_nccl = false;               // "NCCL " appears somewhere on the line
  bool names_nccl = false;                  // "NCCL" appears ("ProcessGroupNCCL", "WorkNCCL(")
};

/// The first "NCCL <LEVEL> " of `line` that starts the line or follows a space.
LevelMarker find_level_marker(std::string_view line);

/// What precedes " NCCL <LEVEL> " on a line: the timestamp or label, the process, its device and
/// (WARN) the source location.
struct Prefix {
  std::string_view time;      // "2026-09-09 11:29:56", or empty
  std::string_view host_pid;  // "ubuntu2:321049"
  std::string_view host, pid;
  std::optional<int> device;
  std::string_view where;  // "ras/client_support.cc:181"
  bool has_process = false;
};

/// The prefix of `text`, the part of a line before its marker.
Prefix parse_prefix(std::string_view text);

}  // namespace roce::nccl_log
