// NCCL-TC: the traffic class the job set (NCCL_IB_TC) puts its RoCE packets on the lossless
// priority. The TC byte is DSCP << 2 | ECN, so its DSCP is TC >> 2, and the NIC's DSCP map turns
// that into the priority PFC must cover.
#include <algorithm>

#include "checks/nccl_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "NCCL-TC";

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto on_host = nccl_processes_on_host(ctx);
  if (on_host.empty()) return r.skip(ctx.now.hostname, no_process_on_host(ctx));
  std::vector<std::pair<long, const engine::PortView*>> judged;
  bool any_set = false;
  for (const auto& proc : on_host) {
    const auto value = nccl_env(proc, "NCCL_IB_TC");
    if (!value) continue;
    long tc = -1;
    try {
      tc = std::stol(*value);
    } catch (...) {
      continue;
    }
    if (tc < 0 || tc > 255) continue;
    any_set = true;
    const int dscp = static_cast<int>(tc >> 2);
    auto ports = nccl_ports_listed(ctx, {proc});
    if (ports.empty())
      for (const auto& p : ctx.ports()) ports.push_back(&p);
    for (const auto* p : ports) {
      if (std::find(judged.begin(), judged.end(), std::pair{tc, p}) != judged.end()) continue;
      judged.emplace_back(tc, p);
      const auto t = trust_of(*p->netdev);
      if (!t) {
        r.skip(p->name(), "trust mode unknown");
        continue;
      }
      if (t->trust != profile::Trust::dscp) {
        r.skip(p->name(), "trust is pcp: the DSCP of NCCL_IB_TC does not choose the priority (see QOS-TRUST)");
        continue;
      }
      const auto& app = p->netdev->dcb.app;
      if (!r.require(app, p->name(), "dcb app")) continue;
      r.evaluated();
      const auto mapped = dscp_priority(*app, dscp);
      const int prio = mapped.value_or(0);
      const bool pfc_known = p->netdev->dcb.pfc.ok();
      const bool pfc_on = pfc_known && p->netdev->dcb.pfc->enabled(prio);
      if (ctx.profile.is_lossless(prio) && (!pfc_known || pfc_on)) continue;
      std::string lossless;
      for (const auto& c : ctx.profile.lossless) {
        lossless += (lossless.empty() ? "" : ", ") + std::to_string(c.priority);
        if (!c.dscp.empty()) lossless += " (DSCP " + std::to_string(c.dscp.front()) + ")";
      }
      std::vector<engine::Evidence> evidence{nccl_evidence(proc, "NCCL_IB_TC", *value),
                                             config("dcb app dscp-prio", model::dscp_map_text(*app), app)};
      if (pfc_known)
        evidence.push_back(
            config("dcb pfc prio-pfc", model::prio_pfc_text(p->netdev->dcb.pfc->pfc_en), p->netdev->dcb.pfc));
      std::vector<std::string> remediation;
      for (const auto& c : ctx.profile.lossless)
        if (!c.dscp.empty()) {
          remediation.push_back("export NCCL_IB_TC=" + std::to_string(c.dscp.front() << 2) + "   # DSCP " +
                                std::to_string(c.dscp.front()) + ", priority " + std::to_string(c.priority));
          break;
        }
      remediation.push_back("roce-doctor check --only QOS-DSCP-MAP,PFC-LOSSLESS");
      r.finding({
          .severity = engine::Severity::warning,
          .subject = p->subject(prio),
          .title = "NCCL_IB_TC=" + *value + " is DSCP " + std::to_string(dscp) + ", which " + p->name() + " maps to " +
                   (mapped ? "priority " : "no APP entry (default priority ") + std::to_string(prio) +
                   (mapped ? "" : ")") + (pfc_known && !pfc_on ? ", without PFC" : "") + "; the lossless priority is " +
                   lossless,
          .evidence = std::move(evidence),
          .explanation =
              "NCCL writes NCCL_IB_TC into the traffic class of every queue pair: the IP header's DSCP is TC >> 2. "
              "With DSCP trust the NIC queues the packets on the priority its DSCP map gives that value. A DSCP "
              "that does not map to the PFC-protected priority sends the job's RDMA traffic on a lossy queue: "
              "drops under congestion, retransmissions, and status 12 completions when they pile up.",
          .remediation = std::move(remediation),
      });
    }
  }
  if (!any_set)
    r.skip(ctx.now.hostname,
           "NCCL_IB_TC not in the log (unset, or not echoed by this NCCL or its net plugin): when unset, the device's "
           "default traffic class applies");
}

}  // namespace

engine::CheckInfo info_nccl_tc() {
  return {
      .id = kId,
      .title = "NCCL_IB_TC maps to the lossless priority",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::nccl_log},
      .profile_keys = {"qos.lossless"},
      .thresholds = {},
      .explained_by = {"QOS-DSCP-MAP", "QOS-TRUST", "PFC-LOSSLESS"},
      .doc =
          "For the processes of the job's NCCL log on the judged host that set NCCL_IB_TC: its DSCP (TC >> 2; "
          "TC 41 is DSCP 10, TC 106 is DSCP 26) must map, through the port's DCB APP table (DSCP trust), to a "
          "lossless priority of the profile with PFC on. A warning otherwise, naming the priority it lands on "
          "and the NCCL_IB_TC of the profile's lossless DSCP. Ports with PCP trust are skipped (QOS-TRUST).",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
