// NCCL-WC-ERROR: work completions with status 12 (retry exceeded) or 13 (RNR retry exceeded) in the
// job's log: the sender retransmitted until it gave up, i.e. packets were lost on a path that should
// be lossless. The host's PFC, ECN, buffer and drop findings are linked as the likely causes.
#include <algorithm>
#include <cstdio>
#include <map>

#include "checks/nccl_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "NCCL-WC-ERROR";

std::string status_text(int status) {
  return status == 12 ? "12 (retry exceeded)" : status == 13 ? "13 (RNR retry exceeded)" : std::to_string(status);
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  r.evaluated();
  // Findings by subject: the port the HCA or local GID names on the judged host, else the job.
  struct Group {
    engine::Subject subject;
    std::string where;  // "mlx5_2", "the job"
    std::uint64_t count = 0;
    std::map<int, std::uint64_t> by_status;
    std::vector<engine::Evidence> evidence;
    std::vector<NcclProcess> processes;
  };
  std::vector<Group> groups;
  const auto on_host = nccl_processes_on_host(ctx);
  auto here = [&](const NcclProcess& p) {
    return std::any_of(on_host.begin(), on_host.end(), [&](const NcclProcess& q) { return q.rank == p.rank; });
  };
  for (const auto& p : nccl_processes(ctx)) {
    for (const auto& e : p.rank->events) {
      if (e.kind != "completion_error" || !e.status || (*e.status != 12 && *e.status != 13)) continue;
      const engine::PortView* port = nullptr;
      if (here(p)) {
        if (!e.hca.empty()) port = port_of_device(ctx, e.hca);
        if (!port && !e.local_gid.empty()) port = port_of_gid(ctx, e.local_gid);
      }
      engine::Subject subject = port ? port->subject() : engine::Subject{};
      auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) { return x.subject == subject; });
      if (g == groups.end()) {
        groups.push_back({subject, port ? port->name() + " (" + port->device->name + ")" : "", 0, {}, {}, {}});
        g = groups.end() - 1;
      }
      g->count += e.count;
      g->by_status[*e.status] += e.count;
      if (std::find_if(g->processes.begin(), g->processes.end(),
                       [&](const NcclProcess& q) { return q.rank == p.rank; }) == g->processes.end())
        g->processes.push_back(p);
      const std::string value = nccl_event_text(e);
      if (g->evidence.size() < 8)
        g->evidence.push_back(nccl_evidence(p, p.name() + " status " + std::to_string(*e.status), value,
                                            e.first_source + ":" + std::to_string(e.first_line)));
    }
  }
  for (auto& g : groups) {
    std::string statuses;
    for (const auto& [status, n] : g.by_status)
      statuses += (statuses.empty() ? "" : ", ") + std::to_string(n) + " with status " + status_text(status);
    r.finding({
        .severity = engine::Severity::critical,
        .subject = g.subject,
        .title = "packets were lost on the lossless path: " + statuses + " in the NCCL log" +
                 (g.where.empty() ? "" : " on " + g.where) + " (" + process_list(g.processes) + ")",
        .evidence = std::move(g.evidence),
        .explanation =
            "A work completion with status 12 means the sending QP retransmitted NCCL_IB_RETRY_CNT times "
            "(default 7) without an ACK, each after the NCCL_IB_TIMEOUT interval: packets were dropped on the way "
            "and kept being dropped. Status 13 is the same for receiver-not-ready NAKs. On RoCE the lossless class "
            "exists to prevent exactly this: the usual causes are PFC not on the priority the traffic uses (trust "
            "or DSCP mapping, NCCL_IB_TC), too little buffer headroom, ECN not marking so PFC alone absorbs "
            "congestion, or a bad link. The host findings linked below are ranked as the likely causes.",
        .remediation = {"roce-doctor check --from CAPTURE-OF-EACH-HOST",
                        "rdma statistic show | grep -E 'local_ack_timeout_err|packet_seq_err|out_of_sequence'"},
    });
  }
}

}  // namespace

engine::CheckInfo info_nccl_wc_error() {
  return {
      .id = kId,
      .title = "No work completion failed with retry exceeded",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::nccl_log},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {"PFC-LOSSLESS", "QOS-TRUST", "QOS-DSCP-MAP", "ECN-NIC", "ECN-RED", "ECN-IDLE", "BUF-HEADROOM",
                       "BUF-MAP", "BUF-CABLE", "DROP-LOSSLESS", "PAUSE-STORM", "LINK-SIGNAL", "LINK-FLAP", "NCCL-TC"},
      .doc =
          "From the job's NCCL log: \"Got completion from peer ... with status=12\" (retry exceeded) or 13 (RNR "
          "retry exceeded), in every format NCCL has printed (\"status=N\", \"status=NAME(N)\", \"with error N\"), "
          "counted with their first and last line. Critical: packets were lost on the lossless path. On the "
          "judged host the finding names the port of the HCA the line names (\"hca mlx5_2\") or of its local "
          "GID; otherwise it is about the job, and the host's PFC, ECN, buffer, drop and link findings on any "
          "port are linked as its likely causes.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
