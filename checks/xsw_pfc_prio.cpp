// XSW-PFC-PRIO: PFC on the host's lossless priority at both ends of the cable, the switch's
// priority -> queue maps agree, and a lossless buffer PG exists on the switch for it.
#include "checks/common.hpp"
#include "checks/switch_end.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "XSW-PFC-PRIO";

void judge(const profile::Profile& prof, const engine::PortView& p, const SwitchEnd& end, int prio,
           engine::Reporter& r) {
  const auto& sp = *end.port;
  const std::uint8_t pfc = end.netdev->dcb.pfc->pfc_en;
  const std::string sw = end.sw->host.hostname;
  const auto pfc_evidence =
      switch_config("PORT_QOS_MAP|" + sp.name + " pfc_enable", priority_list(pfc), end.netdev->dcb.pfc.from);
  if (!((pfc >> prio) & 1)) {
    r.finding({
        .severity = engine::Severity::critical,
        .subject = p.subject(prio),
        .title = "PFC on priority " + std::to_string(prio) + " at the host end of " + end.both() + " but not on " +
                 end.switch_port() + " (pfc_enable " + priority_list(pfc) + ")",
        .evidence = {end.cable_evidence(), pfc_evidence},
        .explanation = "The switch neither pauses the host on this priority when its buffer fills (it drops "
                       "instead) nor honours the host's pause frames: the class is lossless on one side of "
                       "the cable only.",
        .remediation = {switch_fix(
            end, port_qos_fix(end, prof, {{"pfc_enable", priority_list(pfc | (1u << prio))}}, false),
            {"nv set qos pfc default-global switch-priority " + priority_list(pfc | (1u << prio))})},
    });
    return;
  }
  if (sp.pfc_prio_to_queue.ok() && sp.tc_to_queue.ok() && (*sp.pfc_prio_to_queue)[prio] != (*sp.tc_to_queue)[prio]) {
    r.finding({
        .severity = engine::Severity::warning,
        .subject = p.subject(prio),
        .title = "On " + end.switch_port() + " PFC priority " + std::to_string(prio) + " pauses queue " +
                 std::to_string((*sp.pfc_prio_to_queue)[prio]) + " but TC " + std::to_string(prio) +
                 " is sent from queue " + std::to_string((*sp.tc_to_queue)[prio]) + " (" + end.both() + ")",
        .evidence = {end.cable_evidence(),
                     switch_config("MAP_PFC_PRIORITY_TO_QUEUE|" + *sp.pfc_to_queue_name + " " + std::to_string(prio),
                                   std::to_string((*sp.pfc_prio_to_queue)[prio]), sp.pfc_prio_to_queue.from),
                     switch_config("TC_TO_QUEUE_MAP|" + *sp.tc_to_queue_name + " " + std::to_string(prio),
                                   std::to_string((*sp.tc_to_queue)[prio]), sp.tc_to_queue.from)},
        .explanation = "A pause from the host for this priority stops a different queue than the one carrying "
                       "its traffic: the RoCE queue keeps sending into a full host buffer.",
        .remediation = {sonic_patch_command(
            sw, {patch_op("add", "MAP_PFC_PRIORITY_TO_QUEUE", *sp.pfc_to_queue_name, std::to_string(prio),
                          std::to_string((*sp.tc_to_queue)[prio]))})},
    });
  }
  // buffermgrd creates lossless PGs for the pfc_enable priorities, PG = TC_TO_PRIORITY_GROUP_MAP[TC].
  const int pg = sp.tc_to_pg.ok() ? (*sp.tc_to_pg)[prio] : prio;
  for (const auto& g : sp.lossless_pgs)
    if (g.covers(pg)) return;
  const std::string cable = sp.cable_m.ok() ? std::to_string(*sp.cable_m) + "m" : "5m";
  const std::string speed =
      end.netdev->link.ok() && end.netdev->link->speed_mbps ? std::to_string(*end.netdev->link->speed_mbps) : "SPEED";
  r.finding({
      .severity = engine::Severity::critical,
      .subject = p.subject(prio),
      .title = "No lossless buffer PG " + std::to_string(pg) + " on " + end.switch_port() + " for priority " +
               std::to_string(prio) + " of " + end.both(),
      .evidence = {end.cable_evidence(), pfc_evidence,
                   switch_config("BUFFER_PG|" + sp.name + "|*", "no lossless profile covers PG " + std::to_string(pg),
                                 {"sonic-config-db", end.sw->host.from.locator + " BUFFER_PG"})},
      .explanation = "Without a lossless priority group the switch has no headroom and no xoff threshold for "
                     "this priority: it cannot send PFC in time and drops (RX_DRP) although pfc_enable lists "
                     "it. An export taken before the buffer manager ran, or a missing cable length or "
                     "pg_profile_lookup row, leaves it out.",
      .remediation = {sonic_patch_command(sw, {patch_op("add", "BUFFER_PG", sp.name + "|" + std::to_string(pg),
                                                        "profile", "pg_lossless_" + speed + "_" + cable + "_profile")}),
                      "on " + sw + ": check that the buffer manager created the profile (`show buffer information`)"},
  });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    auto end = switch_end(ctx, p, r);
    if (!end) continue;
    if (!r.require(end->netdev->dcb.pfc, p.name(), end->switch_port() + " pfc_enable")) continue;
    if (!r.require(p.netdev->dcb.pfc, p.name(), "host dcb pfc")) continue;
    r.evaluated();
    for (const auto& c : ctx.profile.lossless)
      if (p.netdev->dcb.pfc->enabled(c.priority)) judge(ctx.profile, p, *end, c.priority, r);
  }
}

}  // namespace

engine::CheckInfo info_xsw_pfc_prio() {
  return {
      .id = kId,
      .title = "PFC on the same priority at both ends, with a lossless switch buffer",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::switch_end, engine::Need::dcb_pfc},
      .profile_keys = {"qos.lossless"},
      .thresholds = {},
      .explained_by = {"PFC-LOSSLESS"},
      .doc =
          "For each lossless priority the host has PFC on, the switch port at the other end of the cable "
          "must list it in pfc_enable (critical otherwise), pause the queue that carries it "
          "(MAP_PFC_PRIORITY_TO_QUEUE agrees with TC_TO_QUEUE_MAP) and hold a lossless BUFFER_PG for its "
          "priority group (TC_TO_PRIORITY_GROUP_MAP): a config_db.json taken before the buffer manager ran "
          "has none, and the switch drops instead of pausing.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
