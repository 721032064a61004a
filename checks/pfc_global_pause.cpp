// PFC-GLOBAL-PAUSE: 802.3x global pause is off while PFC is on. Global pause stops the whole link,
// every priority at once; on mlx5 it also makes every active receive buffer lossless
// (port_buffer.c), so lossy traffic takes PFC headroom and can pause the lossless class.
#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "PFC-GLOBAL-PAUSE";

std::string on_off(bool b) { return b ? "on" : "off"; }

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const auto& nd = *p.netdev;
    if (!r.require(nd.pause, nd.name, "ethtool pause parameters") || !r.require(nd.dcb.pfc, nd.name, "dcb pfc"))
      continue;
    r.evaluated();
    const auto& pause = *nd.pause;
    if (!(pause.rx || pause.tx) || nd.dcb.pfc->pfc_en == 0 || ctx.profile.global_pause) continue;
    std::vector<engine::Evidence> evidence = {
        config("ethtool -a", "autoneg " + on_off(pause.autoneg) + " rx " + on_off(pause.rx) + " tx " + on_off(pause.tx),
               nd.pause),
        config("dcb pfc prio-pfc", model::prio_pfc_text(nd.dcb.pfc->pfc_en), nd.dcb.pfc)};
    for (const char* name : {"global.tx_pause", "global.rx_pause"})
      if (const auto* m = p.metric(name))
        evidence.push_back({m->raw_name, std::to_string(m->value), std::nullopt, std::nullopt, false, {m->set, name}});
    r.finding({
        .severity = engine::Severity::warning,
        .subject = p.subject(),
        .title = std::string("802.3x global pause is on (rx ") + on_off(pause.rx) + ", tx " + on_off(pause.tx) +
                 ") together with PFC",
        .evidence = std::move(evidence),
        .explanation =
            "A global pause frame stops every priority on the link, so congestion on any class, lossy ones "
            "included, stalls RoCE too; PFC exists to pause only the lossless priority. On mlx5, global pause "
            "also turns every active receive buffer lossless: lossy traffic then takes headroom from the "
            "shared buffer and its backlog pauses the peer.",
        .remediation = {"ethtool -A " + nd.name + (pause.autoneg ? " autoneg off" : "") + " rx off tx off",
                        "roce-doctor tune"},
    });
  }
}

}  // namespace

engine::CheckInfo info_pfc_global_pause() {
  return {
      .id = kId,
      .title = "802.3x global pause off where PFC is on",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::pause_params, engine::Need::dcb_pfc},
      .profile_keys = {"link.global_pause"},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Reads the ethtool pause parameters (ethtool -a: RX/TX) and the PFC mask, and warns when global "
          "pause is on for a port that also has PFC on some priority, unless the profile allows it "
          "(link.global_pause = true). Global pause stops all priorities, and mlx5 makes every buffer "
          "lossless while it is on.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
