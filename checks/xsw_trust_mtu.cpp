// XSW-TRUST-MTU: both ends of the cable classify by the same field (DSCP or PCP) and the switch port
// carries the host's MTU.
#include "checks/common.hpp"
#include "checks/switch_end.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "XSW-TRUST-MTU";

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const std::string want = profile::to_string(ctx.profile.trust);
  for (const auto& p : ctx.ports()) {
    auto end = switch_end(ctx, p, r);
    if (!end) continue;
    const auto& snd = *end->netdev;
    bool judged = false;
    if (snd.trust.ok() || (snd.trust.availability == model::Availability::absent && end->sw->vendor == "sonic")) {
      judged = true;
      const std::string got = snd.trust.ok() ? *snd.trust : "none (no dscp_to_tc_map bound)";
      if (got != want)
        r.finding({
            .severity = engine::Severity::critical,
            .subject = p.subject(),
            .title = end->switch_port() + " trusts " + got + ", the host end of " + end->both() + " marks " + want,
            .evidence = {end->cable_evidence(), switch_config("switch trust", got, snd.trust.from)},
            .explanation = "The switch classifies the host's RoCE traffic by a field the host does not set: "
                           "everything lands in the default traffic class, lossy and without ECN.",
            .remediation = {want == "dscp" ? switch_fix(*end, port_qos_fix(*end, ctx.profile, {}, true),
                                                        {"nv set qos mapping default-global trust l3"})
                                           : switch_fix(*end,
                                                        {patch_op("add", "PORT_QOS_MAP", end->port->name,
                                                                  "dot1p_to_tc_map", "AZURE")},
                                                        {"nv set qos mapping default-global trust l2"})},
        });
    }
    if (snd.mtu.ok() && p.netdev->mtu.ok()) {
      judged = true;
      if (*snd.mtu < *p.netdev->mtu)
        r.finding({
            .severity = engine::Severity::critical,
            .subject = p.subject(),
            .title = "MTU " + std::to_string(*snd.mtu) + " on " + end->switch_port() + " is below the host's " +
                     std::to_string(*p.netdev->mtu) + " (" + end->both() + ")",
            .evidence = {end->cable_evidence(),
                         switch_config("PORT|" + end->port->name + " mtu", std::to_string(*snd.mtu), snd.mtu.from),
                         config("host mtu", std::to_string(*p.netdev->mtu), p.netdev->mtu)},
            .explanation = "Frames the host may send are larger than the switch port accepts: full-size RoCE "
                           "packets are dropped on ingress and the connection retries until it fails.",
            .remediation = {switch_fix(*end, {patch_op("add", "PORT", end->port->name, "mtu", "9100")},
                                       {"nv set interface " + end->port->name + " link mtu 9216"})},
        });
    }
    if (judged)
      r.evaluated();
    else
      r.skip(p.name(), end->switch_port() + " trust and MTU unknown");
  }
}

}  // namespace

engine::CheckInfo info_xsw_trust_mtu() {
  return {
      .id = kId,
      .title = "Trust mode and MTU agree at both ends of the cable",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::switch_end},
      .profile_keys = {"qos.trust"},
      .thresholds = {},
      .explained_by = {"QOS-TRUST", "MTU-ROCE"},
      .doc =
          "The switch port at the other end of the cable must classify by the field the profile's hosts "
          "mark (a SONiC port trusts DSCP when a dscp_to_tc_map is bound to it, its own or the global "
          "entry's; without a PORT_QOS_MAP entry SONiC binds no map and enables no PFC on the port) and "
          "its MTU (PORT mtu) must be at least the host netdev's. The fix binds a DSCP map the export "
          "holds, or creates DSCP_TO_TC_MAP|ROCE from the profile, and creates the PORT_QOS_MAP entry "
          "when the port has none.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
