#pragma once
// The failures that the framework or the test around NCCL prints, in lines without NCCL's process
// prefix: PyTorch's watchdog timeout, "NCCL error in:" and "NCCL communicator was aborted", and
// nccl-tests' (and rccl-tests') "Test NCCL failure FILE:LINE 'msg'".
#include <optional>
#include <string_view>

namespace roce::nccl_log {

/// What a failure line says.
struct FailureLine {
  std::string_view kind;      // "timeout", "aborted", "job_failed"
  std::optional<int> result;  // NCCL's result code its message names (2 system error, 3 internal, 6 remote)
  std::string_view where;     // the location it prints ("ProcessGroupNCCL.cpp:607", "common.cu:1057")
  std::string_view message;   // from the failure's own words on
  std::optional<int> rank;    // "[Rank 3]", "[rank3]:", "on rank 3"
  std::string_view host;      // "h100-4" of "h100-4: Test NCCL failure"
};

/// The failure `line` reports, if it is one of the forms above; `line` names "NCCL" somewhere.
std::optional<FailureLine> read_failure_line(std::string_view line);

/// NCCL's result code for the text ncclGetErrorString gives it ("unhandled system error" -> 2).
std::optional<int> nccl_result_of(std::string_view text);

}  // namespace roce::nccl_log
