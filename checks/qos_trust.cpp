// QOS-TRUST: the NIC classifies received traffic by the trust mode the profile expects (DSCP for
// routed RoCEv2). With PCP trust, untagged RoCE lands on priority 0: no PFC, lossy, and every
// DSCP-based mapping is ignored.
#include "checks/common.hpp"
#include "checks/fix_commands.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "QOS-TRUST";

std::vector<std::string> remedy(const engine::Context& ctx, const engine::PortView& p) {
  const profile::Profile& prof = ctx.profile;
  const std::string dev = p.name();
  if (fixes_in_mlnx_qos(ctx, p)) {
    std::vector<std::string> commands{"mlnx_qos -i " + dev + " --trust " + profile::to_string(prof.trust)};
    if (prof.trust == profile::Trust::dscp) {
      for (const auto& c : prof.lossless)
        for (int d : c.dscp)
          commands.push_back("mlnx_qos -i " + dev + " --dscp2prio set," + std::to_string(d) + "," +
                             std::to_string(c.priority));
      if (prof.cnp_dscp)
        commands.push_back("mlnx_qos -i " + dev + " --dscp2prio set," + std::to_string(*prof.cnp_dscp) + "," +
                           std::to_string(prof.cnp_priority));
    }
    commands.push_back("roce-doctor tune");
    return commands;
  }
  if (prof.trust == profile::Trust::pcp) {
    if (is_mlx5(p)) return {"dcb app flush dev " + dev + " dscp-prio", "roce-doctor tune"};
    return {"dcb apptrust set dev " + dev + " order pcp", "roce-doctor tune"};
  }
  std::string map;
  for (const auto& c : prof.lossless)
    for (int d : c.dscp) map += " " + std::to_string(d) + ":" + std::to_string(c.priority);
  if (prof.cnp_dscp) map += " " + std::to_string(*prof.cnp_dscp) + ":" + std::to_string(prof.cnp_priority);
  // mlx5 has no apptrust: its trust turns to DSCP with the first DSCP APP entry.
  if (is_mlx5(p)) return {"dcb app add dev " + dev + " dscp-prio" + map, "roce-doctor tune"};
  return {"dcb apptrust set dev " + dev + " order dscp pcp", "dcb app add dev " + dev + " dscp-prio" + map,
          "roce-doctor tune"};
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    auto t = trust_of(*p.netdev);
    if (!t) {
      r.skip(p.name(), "trust (qos/trust, dcb apptrust, dcb app) " + model::describe_missing(p.netdev->dcb.app));
      continue;
    }
    r.evaluated();
    if (t->trust == ctx.profile.trust) continue;
    r.finding({
        .severity = engine::Severity::critical,
        .subject = p.subject(),
        .title = std::string("trust mode is ") + profile::to_string(t->trust) + ", profile expects " +
                 profile::to_string(ctx.profile.trust),
        .evidence = {t->evidence},
        .explanation = std::string("The NIC classifies received packets by ") + profile::to_string(t->trust) +
                       ", so the " + (ctx.profile.trust == profile::Trust::dscp ? "DSCP" : "PCP") +
                       " values that should put RoCE on its lossless priority are ignored: RoCE traffic rides the "
                       "default priority 0, which has no PFC, and is dropped under congestion instead of paused.",
        .remediation = remedy(ctx, p),
    });
  }
}

}  // namespace

engine::CheckInfo info_qos_trust() {
  return {
      .id = kId,
      .title = "Trust mode is the profile's (DSCP for RoCEv2)",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::trust},
      .profile_keys = {"qos.trust", "qos.lossless", "cnp.dscp", "cnp.priority"},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Reads the trust mode from vendor sysfs qos/trust, the DCB apptrust table, or (mlx5, which "
          "has no apptrust) the presence of DSCP entries in the DCB APP table. A trust mode other "
          "than the profile's makes the NIC ignore the RoCE DSCP, so RoCE lands on priority 0 without "
          "PFC; TRAFFIC-CLASS and DROP-LOSSLESS findings on the same port are then its symptoms.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
