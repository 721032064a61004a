// TRAFFIC-CLASS: RDMA traffic rides the lossless priorities. RDMA bytes moving while the lossless
// priorities stay quiet means the packets are classified elsewhere (usually priority 0, lossy).
#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "TRAFFIC-CLASS";
constexpr double kMinRdmaBytesPerSecond = 1e6;
constexpr double kMinLosslessShare = 0.5;

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double min_rate = ctx.profile.threshold(kId, "min_rdma_bytes_per_s", kMinRdmaBytesPerSecond);
  const double min_share = ctx.profile.threshold(kId, "min_lossless_share", kMinLosslessShare);
  for (const auto& p : ctx.ports()) {
    auto placed = rdma_placement(ctx, p);
    if (!placed) {
      r.skip(p.name(),
             "no RDMA byte counters (rx/tx_vport_rdma_unicast_bytes) or per-priority byte "
             "counters in both samples");
      continue;
    }
    r.evaluated();
    if (!placed->off_lossless(min_rate * ctx.dt_seconds, min_share)) continue;
    const int prio = placed->busiest_priority();
    const double share = placed->rdma_bytes ? static_cast<double>(placed->lossless_bytes) / placed->rdma_bytes : 0;
    std::vector<std::string> remediation = {"roce-doctor check --only QOS-TRUST,QOS-DSCP-MAP", "roce-doctor tune"};
    const auto& first = ctx.profile.lossless.front();
    if (ctx.profile.trust == profile::Trust::dscp && !first.dscp.empty())
      remediation.push_back("export NCCL_IB_TC=" + std::to_string(first.dscp.front() * 4) +
                            "    # RoCE traffic class = DSCP << 2");
    r.finding({
        .severity = engine::Severity::critical,
        .subject = p.subject(prio),
        .title = "RDMA traffic rides priority " + std::to_string(prio) + ", not the lossless priorities (" +
                 percent_text(std::min(share, 1.0)) + " of RDMA bytes)",
        .evidence = placed->evidence,
        .explanation =
            "The vport RDMA counters show RoCE traffic, but the bytes are counted on priority " + std::to_string(prio) +
            " instead of the lossless priorities. That priority has no PFC, so under "
            "congestion RoCE packets are dropped and retransmitted (go-back-N) instead of paused: throughput "
            "collapses and collectives time out. Usually the trust mode or DSCP map is wrong, or the "
            "application marks a different DSCP/traffic class (NCCL_IB_TC, rdma_cm ToS).",
        .remediation = std::move(remediation),
    });
  }
}

}  // namespace

engine::CheckInfo info_traffic_class() {
  return {
      .id = kId,
      .title = "RDMA traffic rides the lossless priority",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::rates, engine::Need::ethtool_stats},
      .profile_keys = {"qos.lossless"},
      .thresholds = {{"min_rdma_bytes_per_s", kMinRdmaBytesPerSecond,
                      "RDMA bytes/s (rx + tx) below which there is too little traffic to judge"},
                     {"min_lossless_share", kMinLosslessShare,
                      "fraction of RDMA bytes that must be counted on the lossless priorities"}},
      .explained_by = {"QOS-TRUST", "QOS-DSCP-MAP"},
      .doc =
          "Over two samples, compares RDMA bytes (rx/tx_vport_rdma_unicast_bytes) with the bytes counted "
          "on the profile's lossless priorities (rx/tx_prioN_bytes). RDMA traffic that is not on a lossless "
          "priority is lossy. QOS-TRUST and QOS-DSCP-MAP findings on the same port are its usual root cause.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
