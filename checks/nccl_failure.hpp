#pragma once
// How a job failed, as its NCCL log tells: the processes whose failing call NCCL traced (a WARN and
// its error returns "file.cc:N -> code", or a verbs call that failed), classified by what failed,
// and the failures the framework or the test printed for the job (PyTorch, nccl-tests).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/nccl_common.hpp"

namespace roce::checks {

/// What failed, in the order the classes are reported: "qp_setup" (ibv_modify_qp, ibv_create_qp,
/// ibv_reg_mr and other verbs calls), "completion" (a work completion with an error status),
/// "bootstrap" (the OOB socket connections between ranks), "socket" (a socket of the transport or
/// the proxy), "plugin" (a net plugin or network that could not be loaded), "timeout", "aborted",
/// then by NCCL's result code: "cuda", "remote", "system", "internal", "other".
inline constexpr std::string_view kNcclFailureClasses[] = {"qp_setup", "completion", "bootstrap", "socket",
                                                           "plugin",   "timeout",    "aborted",   "cuda",
                                                           "remote",   "system",     "internal",  "other"};

/// One process that failed.
struct NcclProcessFailure {
  std::string failure_class;
  NcclProcess process;
  const model::NcclEvent* first = nullptr;        // the line that says what failed, if any
  const model::NcclEvent* last_return = nullptr;  // the last error return of its trace, if any
};

/// The processes of every log that failed: one with a failed verbs call or an ABORT, or one with a
/// warning followed by an error return. A warning alone (a RAS port in use, libibverbs missing)
/// is not a failure.
std::vector<NcclProcessFailure> nccl_process_failures(const engine::Context& ctx);

/// The class of a job event (NcclLog::job_events): a timeout (also an abort for one), an abort, or
/// by the NCCL result its message names.
std::string nccl_job_event_class(const model::NcclEvent& e);

/// NCCL's name for a result code: 2 -> "ncclSystemError"; "result N" for one it does not define.
std::string nccl_result_name(int code);

/// "ibv_modify_qp" of "Call to ibv_modify_qp failed with error Invalid argument", or "".
std::string verbs_call_of(const model::NcclEvent& e);

/// "EINVAL" for 22, and the few others verbs calls fail with; "errno N" for the rest.
std::string errno_name(int code);

}  // namespace roce::checks
