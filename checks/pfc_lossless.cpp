// PFC-LOSSLESS: PFC is enabled on every lossless priority of the profile (DCB IEEE PFC pfc_en).
#include "checks/common.hpp"
#include "checks/fix_commands.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "PFC-LOSSLESS";

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const auto& pfc = p.netdev->dcb.pfc;
    if (!r.require(pfc, p.name(), "dcb pfc")) continue;
    r.evaluated();
    for (const auto& c : ctx.profile.lossless) {
      if (pfc->enabled(c.priority)) continue;
      const std::string prio = std::to_string(c.priority);
      r.finding({
          .severity = engine::Severity::critical,
          .subject = p.subject(c.priority),
          .title = "PFC is off on lossless priority " + prio,
          .evidence = {config("dcb pfc prio-pfc", model::prio_pfc_text(pfc->pfc_en), pfc)},
          .explanation = "Without PFC on priority " + prio +
                         " the NIC never pauses its peer when its receive buffer fills, so RoCE packets on "
                         "that priority are dropped under congestion; RoCE recovers only by go-back-N "
                         "retransmission, which collapses throughput and stalls collectives.",
          .remediation = {qos_fix(ctx, p, "--pfc " + mlnx_qos_pfc_list(ctx.profile),
                                  "dcb pfc set dev " + p.name() + " prio-pfc " + prio + ":on") +
                              (is_mlx5(p) ? "    # mlx5 toggles the link when the PFC mask changes" : ""),
                          "roce-doctor tune"},
      });
    }
  }
}

}  // namespace

engine::CheckInfo info_pfc_lossless() {
  return {
      .id = kId,
      .title = "PFC enabled on the lossless priority",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::dcb_pfc},
      .profile_keys = {"qos.lossless"},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Reads the IEEE PFC object (dcb pfc show: prio-pfc) and reports every lossless priority of "
          "the profile on which PFC is disabled. Changing the PFC mask on mlx5 briefly toggles the link.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
