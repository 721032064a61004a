// XSW-PFCWD: the switch port facing a host's lossless port runs the PFC watchdog on its lossless
// priorities.
#include <bit>

#include "checks/common.hpp"
#include "checks/switch_end.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "XSW-PFCWD";

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    auto end = switch_end(ctx, p, r);
    if (!end) continue;
    auto pfc = end->pfc_mask();
    if (!pfc) {
      r.skip(p.name(), end->switch_port() + " pfc_enable unknown");
      continue;
    }
    if (*pfc == 0) {
      r.skip(p.name(), end->switch_port() + " has no lossless priority");
      continue;
    }
    const auto& sp = *end->port;
    if (end->sw->vendor != "sonic" && !sp.pfcwd.ok()) {
      r.skip(p.name(), end->switch_port() + " PFC watchdog " + model::describe_missing(sp.pfcwd));
      continue;
    }
    r.evaluated();
    const std::string sw = end->sw->host.hostname;
    // What guards the port, from what the switch shows running before what its configuration says:
    // `show pfcwd stats` lists queues the watchdog watches (rows with counters); `show pfcwd config`
    // lists a port whose watchdog runs on its lossless queues unless pfcwd_sw_enable narrows it.
    // In CONFIG_DB alone, SONiC's watchdog guards the queues in pfcwd_sw_enable and none without it
    // (swss qosorch), PFC_WD|PORT or not.
    std::uint8_t seen = 0;
    for (const auto& q : sp.pfcwd_stats)
      if (q.queue >= 0 && q.queue < model::kPriorities) seen |= static_cast<std::uint8_t>(1u << q.queue);
    const bool listed = sp.pfcwd.ok() && sp.pfcwd.from.source == "sonic-cli";
    std::uint8_t guarded = 0;
    if (sp.pfcwd_sw_enable.ok() && (*sp.pfcwd_sw_enable || !listed))
      guarded = *sp.pfcwd_sw_enable;
    else if (listed)
      guarded = *pfc;
    if (!sp.pfcwd.ok() && !seen) guarded = 0;
    guarded |= seen;
    const std::uint8_t unguarded = *pfc & static_cast<std::uint8_t>(~guarded);
    if (unguarded) {
      std::vector<engine::Evidence> evidence{
          end->cable_evidence(),
          switch_config("PFC_WD|" + sp.name, sp.pfcwd.ok() ? "present" : model::describe_missing(sp.pfcwd),
                        sp.pfcwd.from),
          switch_config("PORT_QOS_MAP|" + sp.name + " pfcwd_sw_enable",
                        sp.pfcwd_sw_enable.ok()
                            ? priority_list(*sp.pfcwd_sw_enable)
                            : model::describe_missing(sp.pfcwd_sw_enable) + ": SONiC's watchdog guards no queue",
                        sp.pfcwd_sw_enable.from)};
      if (seen)
        evidence.push_back(
            switch_config("show pfcwd stats " + sp.name + " queues", priority_list(seen), sp.pfcwd_stats.front().from));
      r.finding({
          .severity = engine::Severity::warning,
          .subject = p.subject(),
          .title = "No PFC watchdog on " + end->switch_port() + " for lossless priorit" +
                   (std::popcount(unguarded) == 1 ? "y " : "ies ") + priority_list(unguarded) + " (" + end->both() +
                   ")",
          .evidence = std::move(evidence),
          .explanation = "A host whose NIC stops draining (a hung driver, a stuck PCIe link) sends pause frames "
                         "without end; without a watchdog the switch keeps the queue paused and the pause "
                         "spreads through the fabric (PFC storm, deadlock).",
          .remediation = {"on " + sw + ": sudo config pfcwd start --action drop --restoration-time 200 " + sp.name +
                              " 200",
                          sonic_patch_command(
                              sw, port_qos_fix(*end, ctx.profile, {{"pfcwd_sw_enable", priority_list(*pfc)}}, false))},
      });
      continue;
    }
    if (!sp.pfcwd.ok()) continue;
    const auto& wd = *sp.pfcwd;
    if (wd.detection_ms && wd.restoration_ms && *wd.detection_ms > *wd.restoration_ms)
      r.finding({
          .severity = engine::Severity::info,
          .subject = p.subject(),
          .title = "PFC watchdog on " + end->switch_port() + " detects in " + std::to_string(*wd.detection_ms) +
                   " ms but restores after " + std::to_string(*wd.restoration_ms) + " ms (" + end->both() + ")",
          .evidence = {end->cable_evidence(), switch_config("PFC_WD|" + sp.name + " detection_time",
                                                            std::to_string(*wd.detection_ms), sp.pfcwd.from)},
          .explanation = "Restoring sooner than a storm is detected flaps the queue between storm and "
                         "operational (storm/restore loops).",
          .remediation = {"on " + sw + ": sudo config pfcwd start --action " + wd.action + " --restoration-time " +
                          std::to_string(*wd.detection_ms) + " " + sp.name + " " + std::to_string(*wd.detection_ms)},
      });
  }
}

}  // namespace

engine::CheckInfo info_xsw_pfcwd() {
  return {
      .id = kId,
      .title = "The switch runs a PFC watchdog on host-facing lossless ports",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::switch_end},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "The switch port at the other end of the cable must have a PFC_WD entry and list every "
          "lossless priority (pfc_enable) in pfcwd_sw_enable, so that a host stuck in a pause storm is "
          "cut off instead of stalling the fabric. Without pfcwd_sw_enable SONiC's watchdog guards no "
          "queue; a port `show pfcwd config` lists runs it on its lossless queues, and the queues "
          "`show pfcwd stats` lists (those XSW-PAUSE reads storms from) count as guarded. Info when the "
          "detection time exceeds the restoration time.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
