// NCCL-WC-FAILED: work completions that failed with a status other than 12/13 in the job's log
// (IBV_WC_LOC_PROT_ERR, IBV_WC_REM_ACCESS_ERR, ...). The communicator is dead all the same, but
// nothing was lost on the lossless path: no host PFC/ECN finding is linked as its cause.
#include <algorithm>
#include <array>
#include <map>

#include "checks/nccl_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "NCCL-WC-FAILED";
constexpr int kFlushStatus = 5;  // IBV_WC_WR_FLUSH_ERR

// enum ibv_wc_status of <infiniband/verbs.h>, in its order.
constexpr std::array<std::string_view, 24> kStatusNames = {"IBV_WC_SUCCESS",
                                                           "IBV_WC_LOC_LEN_ERR",
                                                           "IBV_WC_LOC_QP_OP_ERR",
                                                           "IBV_WC_LOC_EEC_OP_ERR",
                                                           "IBV_WC_LOC_PROT_ERR",
                                                           "IBV_WC_WR_FLUSH_ERR",
                                                           "IBV_WC_MW_BIND_ERR",
                                                           "IBV_WC_BAD_RESP_ERR",
                                                           "IBV_WC_LOC_ACCESS_ERR",
                                                           "IBV_WC_REM_INV_REQ_ERR",
                                                           "IBV_WC_REM_ACCESS_ERR",
                                                           "IBV_WC_REM_OP_ERR",
                                                           "IBV_WC_RETRY_EXC_ERR",
                                                           "IBV_WC_RNR_RETRY_EXC_ERR",
                                                           "IBV_WC_LOC_RDD_VIOL_ERR",
                                                           "IBV_WC_REM_INV_RD_REQ_ERR",
                                                           "IBV_WC_REM_ABORT_ERR",
                                                           "IBV_WC_INV_EECN_ERR",
                                                           "IBV_WC_INV_EEC_STATE_ERR",
                                                           "IBV_WC_FATAL_ERR",
                                                           "IBV_WC_RESP_TIMEOUT_ERR",
                                                           "IBV_WC_GENERAL_ERR",
                                                           "IBV_WC_TM_ERR",
                                                           "IBV_WC_TM_RNDV_INCOMPLETE"};

std::string status_name(int status) {
  if (status >= 0 && status < static_cast<int>(kStatusNames.size()))
    return std::to_string(status) + " (" + std::string(kStatusNames[static_cast<std::size_t>(status)]) + ")";
  return std::to_string(status) + " (not an ibv_wc_status)";
}

// What the status says went wrong, for the statuses NCCL jobs meet.
std::string meaning(int status) {
  switch (status) {
    case 1:
      return "IBV_WC_LOC_LEN_ERR: a message did not fit the receive buffer posted for it (the two sides disagree "
             "on sizes, e.g. mismatched NCCL versions or settings).";
    case 2: return "IBV_WC_LOC_QP_OP_ERR: the HCA found a work request inconsistent with its queue pair.";
    case 4:
      return "IBV_WC_LOC_PROT_ERR: the local buffer of the work request is not covered by a memory registration "
             "valid for it (lkey or protection domain): GPU memory the NIC cannot register or map (nvidia-peermem "
             "or DMA-BUF, IOMMU/ACS), or a buffer freed or re-registered while in use.";
    case 5:
      return "IBV_WC_WR_FLUSH_ERR: the queue pair was already in the error state and its outstanding work "
             "requests were flushed; the error that put it there is not in the log (look at the peer's log and at "
             "the kernel log).";
    case 8: return "IBV_WC_LOC_ACCESS_ERR: a local access violation on an incoming RDMA write or atomic.";
    case 9:
      return "IBV_WC_REM_INV_REQ_ERR: the peer rejected the request as invalid (length or operation it does not "
             "support).";
    case 10:
      return "IBV_WC_REM_ACCESS_ERR: the peer refused the access: its rkey, address or permissions did not match "
             "(its buffer was freed or deregistered, or it restarted).";
    case 11: return "IBV_WC_REM_OP_ERR: the peer could not complete the operation (its side failed).";
    default: return status_name(status) + " is an error the HCA reported for the operation itself.";
  }
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  r.evaluated();
  struct Failure {
    const model::NcclEvent* event;
    NcclProcess process;
    const engine::PortView* port;
  };
  std::vector<Failure> failures;
  bool other_than_flush = false;  // any error besides flush errors, 12 and 13 included
  const auto on_host = nccl_processes_on_host(ctx);
  for (const auto& p : nccl_processes(ctx)) {
    const bool here =
        std::any_of(on_host.begin(), on_host.end(), [&](const NcclProcess& q) { return q.rank == p.rank; });
    for (const auto& e : p.rank->events) {
      if (e.kind != "completion_error" || !e.status) continue;
      if (*e.status != kFlushStatus) other_than_flush = true;
      if (*e.status == 12 || *e.status == 13) continue;  // NCCL-WC-ERROR: loss on the lossless path
      const engine::PortView* port = nullptr;
      if (here && !e.hca.empty()) port = port_of_device(ctx, e.hca);
      if (here && !port && !e.local_gid.empty()) port = port_of_gid(ctx, e.local_gid);
      failures.push_back({&e, p, port});
    }
  }
  // Flush errors follow the error that broke the queue pair: with that error in the log they add nothing.
  if (other_than_flush)
    failures.erase(std::remove_if(failures.begin(), failures.end(),
                                  [](const Failure& f) { return *f.event->status == kFlushStatus; }),
                   failures.end());
  // One finding per subject (the port on the judged host, else the HCA the line names, else the job).
  std::map<std::string, std::vector<const Failure*>> groups;
  for (const auto& f : failures) {
    const std::string key = f.port ? "port " + f.port->name() : "hca " + f.event->hca;
    groups[key].push_back(&f);
  }
  for (const auto& [key, list] : groups) {
    const Failure& first = *list.front();
    std::map<int, std::uint64_t> by_status;
    std::vector<engine::Evidence> evidence;
    std::vector<NcclProcess> processes;
    for (const Failure* f : list) {
      by_status[*f->event->status] += f->event->count;
      if (std::none_of(processes.begin(), processes.end(),
                       [&](const NcclProcess& q) { return q.rank == f->process.rank; }))
        processes.push_back(f->process);
      if (evidence.size() < 8)
        evidence.push_back(nccl_evidence(f->process, f->process.name() + " status " + std::to_string(*f->event->status),
                                         nccl_event_text(*f->event) + "; " + f->event->message,
                                         f->event->first_source + ":" + std::to_string(f->event->first_line)));
    }
    std::string statuses, meanings;
    for (const auto& [status, n] : by_status) {
      statuses += (statuses.empty() ? "" : ", ") + std::to_string(n) + " with status " + status_name(status);
      meanings += (meanings.empty() ? "" : " ") + meaning(status);
    }
    const std::string where = first.port ? " on " + first.port->name() + " (" + first.port->device->name + ")"
                              : first.event->hca.empty() ? ""
                                                         : " on " + first.event->hca;
    r.finding({
        .severity = engine::Severity::critical,
        .subject = first.port ? first.port->subject() : engine::Subject{},
        .title = "work completions failed: " + statuses + " in the NCCL log" + where + " (" + process_list(processes) +
                 "); not a loss on the lossless path",
        .evidence = std::move(evidence),
        .explanation = "A work completion with an error status kills the queue pair, and NCCL aborts the "
                       "communicator: the job fails or hangs. " +
                       meanings +
                       " Unlike status 12 or 13 (retry exceeded), this is not a packet lost on the network, so the "
                       "host's PFC, ECN and buffer settings are not its cause. The vendor error (\"vendor err N\") "
                       "and the kernel log of that host narrow it down.",
        .remediation = {"dmesg | grep -iE 'mlx5|cqe|syndrome'   # on the host of the failing process",
                        "lsmod | grep -E 'nvidia_peermem|nv_peer_mem'",
                        "rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET to see the memory registration"},
    });
  }
}

}  // namespace

engine::CheckInfo info_nccl_wc_failed() {
  return {
      .id = kId,
      .title = "No work completion failed for a reason other than loss",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::nccl_log},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "From the job's NCCL log: \"Got completion from peer ... with status=N\" where N is not 12 or 13 "
          "(those are NCCL-WC-ERROR), e.g. 4 (IBV_WC_LOC_PROT_ERR), 10 (IBV_WC_REM_ACCESS_ERR). Critical: the "
          "queue pair is dead and NCCL aborts the communicator. The finding names each status by its "
          "ibv_wc_status name and what it means, and names the port of the HCA (or local GID) on the judged "
          "host, else the HCA. It is not a loss on the lossless path, so no host PFC or ECN finding is linked "
          "as its cause. Flush errors (5, IBV_WC_WR_FLUSH_ERR) only follow another error: with one in the log "
          "they are left out; alone they are reported, saying the first error is not in the log.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
