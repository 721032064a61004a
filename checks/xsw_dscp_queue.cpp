// XSW-DSCP-QUEUE: the host's RoCE DSCP, followed through the switch port's DSCP -> TC -> queue ->
// WRED profile, lands in a lossless TC whose queue marks ECN; the CNP DSCP does not queue behind it.
#include "checks/common.hpp"
#include "checks/switch_end.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "XSW-DSCP-QUEUE";

struct Landing {
  std::optional<int> tc;  // nullopt: the map has no entry (the ASIC's default TC 0 applies)
  int queue = 0;
  bool lossless = false;
  const model::SwitchWred* wred = nullptr;
  std::string text;  // "TC 1, queue 1 (no PFC, no WRED/ECN profile)"
};

Landing land(const SwitchEnd& end, int dscp, std::uint8_t pfc) {
  Landing l;
  l.tc = (*end.port->dscp_to_tc)[dscp];
  const int tc = l.tc.value_or(0);
  l.queue = end.queue_of_tc(tc);
  l.lossless = tc < model::kPriorities && ((pfc >> tc) & 1);
  l.wred = end.wred_of_queue(l.queue);
  l.text = "TC " + std::to_string(tc) + (l.tc ? "" : " (not in the map: the ASIC's default)") + ", queue " +
           std::to_string(l.queue) + " (" + (l.lossless ? "PFC" : "no PFC") + ", ";
  if (!l.wred)
    l.text += "no WRED/ECN profile)";
  else
    l.text += "WRED " + l.wred->name + ": ecn " + (l.wred->ecn.ok() ? *l.wred->ecn : "?") + ", wred_green_enable " +
              (l.wred->green_enable.ok() ? (*l.wred->green_enable ? "true" : "false") : "?") + ")";
  return l;
}

bool marks_ecn(const model::SwitchWred* w) { return w && w->marks_green() && w->green_enable.ok() && *w->green_enable; }

// The switch TC a DSCP should go to: the host's priority when the switch has PFC on it, else the
// switch's first lossless TC; nullopt when the switch has none.
std::optional<int> target_tc(int host_prio, std::uint8_t pfc) {
  if ((pfc >> host_prio) & 1) return host_prio;
  for (int t = 0; t < model::kPriorities; ++t)
    if ((pfc >> t) & 1) return t;
  return std::nullopt;
}

std::vector<engine::Evidence> path_evidence(const SwitchEnd& end, int dscp, const Landing& l) {
  std::vector<engine::Evidence> ev{end.cable_evidence()};
  ev.push_back(switch_config("DSCP_TO_TC_MAP|" + *end.port->dscp_to_tc_name + " " + std::to_string(dscp),
                             l.tc ? std::to_string(*l.tc) : "absent", end.port->dscp_to_tc.from));
  ev.push_back(switch_config("PORT_QOS_MAP|" + end.port->name + " pfc_enable",
                             priority_list(end.netdev->dcb.pfc->pfc_en), end.netdev->dcb.pfc.from));
  const auto* q = end.port->queue(l.queue);
  ev.push_back(switch_config("QUEUE|" + end.port->name + "|" + std::to_string(l.queue) + " wred_profile",
                             q && q->wred_profile.ok() ? *q->wred_profile : "absent",
                             q ? q->wred_profile.from : end.port->dscp_to_tc.from));
  return ev;
}

// The fix that gives a lossless queue ECN: enable WRED for green, mark ECN, or bind a profile.
std::vector<std::string> ecn_fix_ops(const SwitchEnd& end, const Landing& l) {
  if (l.wred) {
    std::vector<std::string> ops;
    if (!l.wred->green_enable.ok() || !*l.wred->green_enable)
      ops.push_back(patch_op("add", "WRED_PROFILE", l.wred->name, "wred_green_enable", "true"));
    if (!l.wred->marks_green()) ops.push_back(patch_op("add", "WRED_PROFILE", l.wred->name, "ecn", "ecn_all"));
    return ops;
  }
  for (const auto& w : end.sw->wred_profiles)
    if (marks_ecn(&w))
      return {patch_op("add", "QUEUE", end.port->name + "|" + std::to_string(l.queue), "wred_profile", w.name)};
  // No ECN profile on the switch at all: SONiC's own AZURE_LOSSLESS values, then the binding.
  return {R"({"op": "add", "path": "/WRED_PROFILE/ROCE_LOSSLESS", "value": {"ecn": "ecn_all", )"
          R"("wred_green_enable": "true", "green_min_threshold": "1048576", "green_max_threshold": "2097152", )"
          R"("green_drop_probability": "5"}})",
          patch_op("add", "QUEUE", end.port->name + "|" + std::to_string(l.queue), "wred_profile", "ROCE_LOSSLESS")};
}

void judge_roce(const engine::Context& ctx, const engine::PortView& p, const SwitchEnd& end, int dscp, int host_prio,
                engine::Reporter& r) {
  if (dscp < 0 || dscp > 63) return;
  const std::uint8_t pfc = end.netdev->dcb.pfc->pfc_en;
  const Landing l = land(end, dscp, pfc);
  const std::string map = *end.port->dscp_to_tc_name;
  const std::string start = "RoCE DSCP " + std::to_string(dscp) + " of " + end.both() + " (host priority " +
                            std::to_string(host_prio) + ") lands in ";
  if (!l.lossless) {
    const auto tc = target_tc(host_prio, pfc);
    std::vector<std::string> ops;
    if (!tc) ops = port_qos_fix(end, ctx.profile, {{"pfc_enable", std::to_string(host_prio)}}, false);
    ops.push_back(patch_op("add", "DSCP_TO_TC_MAP", map, std::to_string(dscp), std::to_string(tc.value_or(host_prio))));
    r.finding({
        .severity = engine::Severity::critical,
        .subject = p.subject(host_prio),
        .title = start + l.text + " on " + end.switch_port(),
        .evidence = path_evidence(end, dscp, l),
        .explanation = "The host sends RoCE lossless on priority " + std::to_string(host_prio) +
                       ", but the switch "
                       "classifies DSCP " +
                       std::to_string(dscp) + " into a traffic class without PFC" +
                       (marks_ecn(l.wred) ? "" : " and without ECN marking") +
                       ": under congestion the switch drops RoCE packets instead of pausing the sender or marking "
                       "them, and every drop costs a go-back-N retransmission. SONiC's default map sends every "
                       "DSCP it does not list (26 among them) to TC 1. The map " +
                       map + " may be shared by every port of the switch: the fix changes them all.",
        .remediation = {switch_fix(end, ops,
                                   {"nv set qos mapping default-global dscp " + std::to_string(dscp) +
                                    " switch-priority " + std::to_string(tc.value_or(host_prio))})},
    });
    return;
  }
  if (!marks_ecn(l.wred)) {
    const bool trap = l.wred && l.wred->marks_green() && l.wred->green_enable.ok() && !*l.wred->green_enable;
    r.finding({
        .severity = engine::Severity::warning,
        .subject = p.subject(host_prio),
        .title = start + l.text + " on " + end.switch_port() + ": lossless, but no ECN marking",
        .evidence = path_evidence(end, dscp, l),
        .explanation = std::string("The queue is lossless but the switch never marks ECN on it, so DCQCN never "
                                   "slows the senders: congestion turns into PFC pauses that spread upstream "
                                   "(head-of-line blocking, victim flows). ") +
                       (trap ? "The WRED profile sets ecn but not wred_green_enable, which SAI defaults to false "
                               "(`ecnconfig` does not set it): the profile is bound and inert."
                             : ""),
        .remediation = {switch_fix(end, ecn_fix_ops(end, l), {"nv set qos roce mode lossless"})},
    });
  }
}

void judge_cnp(const engine::PortView& p, const SwitchEnd& end, int cnp_dscp, int cnp_prio, int roce_dscp,
               engine::Reporter& r) {
  if (cnp_dscp < 0 || cnp_dscp > 63 || roce_dscp < 0 || roce_dscp > 63) return;
  const std::uint8_t pfc = end.netdev->dcb.pfc->pfc_en;
  const Landing cnp = land(end, cnp_dscp, pfc), roce = land(end, roce_dscp, pfc);
  if (cnp.queue != roce.queue || !roce.lossless) return;
  r.finding({
      .severity = engine::Severity::warning,
      .subject = p.subject(cnp_prio),
      .title = "CNP DSCP " + std::to_string(cnp_dscp) + " of " + end.both() + " shares queue " +
               std::to_string(cnp.queue) + " with the RoCE data on " + end.switch_port(),
      .evidence = path_evidence(end, cnp_dscp, cnp),
      .explanation = "Congestion notifications wait behind the data they are meant to slow down (and are paused "
                     "with it), so DCQCN reacts late: more pauses and deeper queues.",
      .remediation = {switch_fix(end,
                                 {patch_op("add", "DSCP_TO_TC_MAP", *end.port->dscp_to_tc_name,
                                           std::to_string(cnp_dscp), std::to_string(cnp_prio))},
                                 {"nv set qos mapping default-global dscp " + std::to_string(cnp_dscp) +
                                  " switch-priority " + std::to_string(cnp_prio)})},
  });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto& prof = ctx.profile;
  if (prof.trust != profile::Trust::dscp) {
    r.skip("", "profile trusts PCP: the host marks no DSCP to follow");
    return;
  }
  for (const auto& p : ctx.ports()) {
    auto end = switch_end(ctx, p, r);
    if (!end) continue;
    if (end->sw->vendor == "sonic" && !end->port->dscp_to_tc_name.ok() &&
        end->port->dscp_to_tc_name.availability == model::Availability::absent) {
      // The same fact XSW-TRUST-MTU judges: a port that binds no DSCP map does not classify by DSCP.
      r.skip(p.name(), end->switch_port() + " binds no DSCP_TO_TC_MAP (" + end->port->dscp_to_tc_name.cause +
                           "): it does not classify by DSCP, XSW-TRUST-MTU judges it");
      continue;
    }
    if (!r.require(end->port->dscp_to_tc, p.name(), end->switch_port() + " DSCP_TO_TC_MAP")) continue;
    if (!r.require(end->netdev->dcb.pfc, p.name(), end->switch_port() + " pfc_enable")) continue;
    r.evaluated();
    for (const auto& c : prof.lossless)
      for (int d : c.dscp) judge_roce(ctx, p, *end, d, c.priority, r);
    if (prof.cnp_dscp && !prof.lossless.empty() && !prof.lossless[0].dscp.empty())
      judge_cnp(p, *end, *prof.cnp_dscp, prof.cnp_priority, prof.lossless[0].dscp[0], r);
  }
}

}  // namespace

engine::CheckInfo info_xsw_dscp_queue() {
  return {
      .id = kId,
      .title = "The host's RoCE DSCP lands in a lossless, ECN-marking switch queue",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::switch_end},
      .profile_keys = {"qos.trust", "qos.lossless", "cnp.dscp", "cnp.priority"},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Follows each RoCE DSCP of the profile through the switch port at the other end of the cable "
          "(check --switch): DSCP_TO_TC_MAP to a traffic class, TC_TO_QUEUE_MAP to a queue, the queue's "
          "WRED_PROFILE. Critical when the TC has no PFC (pfc_enable): the switch drops RoCE instead of "
          "pausing, as with SONiC's default map, which sends DSCP 26 to lossy TC 1. A warning when the "
          "queue is lossless but marks no ECN (no profile, ecn_none, or wred_green_enable false: SAI's "
          "default), and when the CNP DSCP shares the RoCE queue. The fix is a SONiC JSON Patch for "
          "`config apply-patch`.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
