// PFC-EXTRA: PFC is enabled only on the profile's lossless priorities. Each extra PFC priority is
// one more class that can pause the peer: pause storms and head-of-line blocking spread to traffic
// that never needed losslessness, and on mlx5 its buffer becomes lossless too (headroom taken from
// the shared pool).
#include "checks/common.hpp"
#include "checks/fix_commands.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "PFC-EXTRA";

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const auto& pfc = p.netdev->dcb.pfc;
    if (!r.require(pfc, p.name(), "dcb pfc")) continue;
    r.evaluated();
    for (int prio = 0; prio < model::kPriorities; ++prio) {
      if (!pfc->enabled(prio) || ctx.profile.is_lossless(prio)) continue;
      const bool cnp = prio == ctx.profile.cnp_priority;
      r.finding({
          .severity = engine::Severity::warning,
          .subject = p.subject(prio),
          .title = "PFC is on for priority " + std::to_string(prio) + ", which carries no lossless class" +
                   (cnp ? " (it is the CNP priority)" : ""),
          .evidence = {config("dcb pfc prio-pfc", model::prio_pfc_text(pfc->pfc_en), pfc)},
          .explanation =
              "Every PFC priority can pause the peer. Traffic on priority " + std::to_string(prio) +
              " is not RoCE of any lossless class of the profile, so a slow receiver on it stalls the link "
              "for that priority, pauses spread upstream (head-of-line blocking, victim flows, deadlock risk) "
              "and the buffer it maps to must hold PFC headroom." +
              (cnp ? std::string(" CNPs in particular must not wait behind pauses: late congestion "
                                 "notifications make DCQCN react too slowly.")
                   : std::string()),
          .remediation = {qos_fix(ctx, p, "--pfc " + mlnx_qos_pfc_list(ctx.profile),
                                  "dcb pfc set dev " + p.name() + " prio-pfc " + std::to_string(prio) + ":off") +
                              (is_mlx5(p) ? "    # mlx5 toggles the link when the PFC mask changes" : ""),
                          "roce-doctor tune"},
      });
    }
  }
}

}  // namespace

engine::CheckInfo info_pfc_extra() {
  return {
      .id = kId,
      .title = "PFC only on the lossless priorities",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::dcb_pfc},
      .profile_keys = {"qos.lossless", "cnp.priority"},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Reads the IEEE PFC object (dcb pfc show: prio-pfc) and reports every priority with PFC on that "
          "is not a lossless priority of the profile: each extra PFC priority widens the blast radius of "
          "pause storms and head-of-line blocking. PFC on the CNP priority is called out: CNPs must not "
          "be paused.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
