// XSW-COUNTERS: what the switch's own outputs say by themselves, port by port, whether or not a
// cable joins the port to this host: a queue the PFC watchdog finds stormed, drops on a lossless
// queue, PFC frames on a priority that should be lossy. Read from `show pfcwd stats`, `show queue
// counters`, `show pfc counters` and the Cumulus RoCE counters, given with or without CONFIG_DB.
#include "checks/common.hpp"
#include "checks/switch_end.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "XSW-COUNTERS";

// The lossless priorities of a switch port: its own pfc_enable, else the profile's (said so).
struct Lossless {
  std::uint8_t mask = 0;
  engine::Evidence evidence;
};

Lossless lossless_of(const engine::Context& ctx, const model::Switch& sw, const model::SwitchPort& sp) {
  const auto* nd = sw.host.netdev(sp.name);
  if (nd && nd->dcb.pfc.ok())
    return {nd->dcb.pfc->pfc_en, switch_config(sw.host.hostname + " " + sp.name + " pfc_enable",
                                               priority_list(nd->dcb.pfc->pfc_en), nd->dcb.pfc.from)};
  std::uint8_t mask = 0;
  for (const auto& c : ctx.profile.lossless)
    if (c.priority >= 0 && c.priority < model::kPriorities) mask |= static_cast<std::uint8_t>(1u << c.priority);
  const std::string why = nd ? model::describe_missing(nd->dcb.pfc) : std::string("not in the exports");
  return {mask,
          switch_config("lossless priorities (profile " + ctx.profile.name + "; the switch's pfc_enable " + why + ")",
                        priority_list(mask), {"profile", ctx.profile.name})};
}

// The egress queue of a TC: the port's TC_TO_QUEUE_MAP, else the TC itself (SONiC's and Spectrum's default).
int queue_of(const model::SwitchPort& sp, int tc) {
  return sp.tc_to_queue.ok() && tc >= 0 && tc < model::kPriorities ? (*sp.tc_to_queue)[tc] : tc;
}

bool joined_to_host(const engine::Context& ctx, const model::Switch& sw, const model::SwitchPort& sp) {
  for (const auto& c : ctx.observations().switches.cables)
    if (c.switch_name == sw.host.hostname && c.switch_port == sp.name) return true;
  return false;
}

engine::Subject switch_subject(const model::Switch& sw, const model::SwitchPort& sp, std::optional<int> prio) {
  return {.netdev = sw.host.hostname + " " + sp.name, .rdma_device = {}, .port = {}, .priority = prio, .buffer = {}};
}

// `show pfcwd stats`: the watchdog watches lossless queues only, so a storm is on one. Ports a cable
// joins to this host are XSW-PAUSE's, which names the host NIC.
bool judge_storms(const engine::Context& ctx, const model::Switch& sw, const model::SwitchPort& sp,
                  engine::Reporter& r) {
  if (sp.pfcwd_stats.empty()) return false;
  if (joined_to_host(ctx, sw, sp)) return true;
  const std::string at = sw.host.hostname + " " + sp.name;
  for (const auto& q : sp.pfcwd_stats) {
    if (q.storms_detected == 0 && q.status != "stormed") continue;
    const bool ongoing = q.status == "stormed";
    r.finding({
        .severity = ongoing ? engine::Severity::critical : engine::Severity::warning,
        .subject = switch_subject(sw, sp, q.queue),
        .title = std::string(ongoing ? "PFC storm now on " : "PFC storms on ") + at + " queue " +
                 std::to_string(q.queue) + ": " + q.status + ", " + std::to_string(q.storms_detected) + " detected, " +
                 std::to_string(q.storms_restored) + " restored",
        .evidence = {switch_config(
            "show pfcwd stats " + sp.name + ":" + std::to_string(q.queue),
            q.status + " " + std::to_string(q.storms_detected) + "/" + std::to_string(q.storms_restored), q.from)},
        .explanation = "The switch's PFC watchdog saw the neighbour on this port keep the lossless queue paused "
                       "past its detection time: a NIC that sends pause frames without draining (a hung "
                       "receive path, driver or PCIe link). While stormed the switch drops the queue's "
                       "traffic. Which host it is needs the other end of the cable: give that host's capture "
                       "(or run roce-doctor on it) with this output to name its NIC.",
        .remediation = {"on " + sw.host.hostname + ": show lldp table | grep -w " + sp.name +
                            " (the host on the port), then on that host: roce-doctor check --switch ... "
                            "(XSW-PAUSE, PAUSE-STORM)",
                        "on " + sw.host.hostname + ": show pfcwd stats; show pfc counters"},
    });
  }
  return true;
}

// `show queue counters` (or the Cumulus RoCE counters): packets dropped on the queue of a lossless TC.
bool judge_queue_drops(const Lossless& lossless, const model::Switch& sw, const model::SwitchPort& sp,
                       engine::Reporter& r) {
  bool judged = false;
  for (const auto& q : sp.queues) {
    if (!q.drop_packets.ok()) continue;
    judged = true;
    std::optional<int> tc;
    for (int t = 0; t < model::kPriorities && !tc; ++t)
      if (((lossless.mask >> t) & 1) && queue_of(sp, t) == q.index) tc = t;
    if (!tc || *q.drop_packets == 0) continue;
    r.finding({
        .severity = engine::Severity::critical,
        .subject = switch_subject(sw, sp, *tc),
        .title = sw.host.hostname + " " + sp.name + " dropped " + std::to_string(*q.drop_packets) +
                 " packets on lossless queue " + std::to_string(q.index) + " (priority " + std::to_string(*tc) + ")",
        .evidence = {switch_config("queue " + std::to_string(q.index) + " dropped packets",
                                   std::to_string(*q.drop_packets), q.drop_packets.from),
                     lossless.evidence,
                     switch_config("TC " + std::to_string(*tc) + " -> queue",
                                   std::to_string(q.index) + (sp.tc_to_queue.ok() ? ""
                                                                                  : " (no TC_TO_QUEUE_MAP given: "
                                                                                    "the TC's own queue)"),
                                   sp.tc_to_queue.from)},
        .explanation = "A lossless queue must not drop: PFC should pause the sender before the buffer "
                       "fills. Drops here mean the neighbour ignores the pauses (PFC off on its side for this "
                       "priority), the headroom is too small for the cable, or the PFC watchdog dropped a "
                       "stormed queue. RoCE retransmits every drop (go-back-N), so throughput collapses.",
        .remediation = {"on " + sw.host.hostname +
                        ": show pfcwd stats; show priority-group watermark headroom; "
                        "show pfc counters -i " +
                        sp.name},
    });
  }
  return judged;
}

// `show pfc counters`: pause frames on a priority that should be lossy (no PFC at one end of the cable).
bool judge_lossy_pauses(const Lossless& lossless, const model::Switch& sw, const model::SwitchPort& sp,
                        engine::Reporter& r) {
  bool judged = false;
  for (const bool tx : {false, true}) {
    const auto& frames = tx ? sp.pfc_tx_frames : sp.pfc_rx_frames;
    if (!frames.ok()) continue;
    judged = true;
    for (int prio = 0; prio < model::kPriorities; ++prio) {
      if (((lossless.mask >> prio) & 1) || (*frames)[prio] == 0) continue;
      const std::string n = std::to_string((*frames)[prio]);
      r.finding({
          .severity = engine::Severity::warning,
          .subject = switch_subject(sw, sp, prio),
          .title = sw.host.hostname + " " + sp.name + (tx ? " sent " : " received ") + n + " PFC frames on priority " +
                   std::to_string(prio) + ", which should be lossy",
          .evidence = {switch_config(std::string("show pfc counters Port ") + (tx ? "Tx " : "Rx ") + sp.name + " PFC" +
                                         std::to_string(prio),
                                     n, frames.from),
                       lossless.evidence},
          .explanation = "Pause frames on a priority without PFC mean the two ends of the cable disagree on "
                         "which priority is lossless: the pauses of one end are ignored by the other (drops "
                         "where losslessness is expected), or lossy traffic is paused and stalls behind them.",
          .remediation = {"on " + sw.host.hostname +
                          ": show pfc priority; compare with the neighbour's "
                          "`dcb pfc show dev IF` (roce-doctor check on that host)"},
      });
    }
  }
  return judged;
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto& switches = ctx.observations().switches.switches;
  for (const auto& sw : switches) {
    bool any = false;
    for (const auto& sp : sw.ports) {
      const Lossless lossless = lossless_of(ctx, sw, sp);
      const bool storms = judge_storms(ctx, sw, sp, r);
      const bool drops = judge_queue_drops(lossless, sw, sp, r);
      const bool pauses = judge_lossy_pauses(lossless, sw, sp, r);
      if (storms || drops || pauses) {
        r.evaluated();
        any = true;
      }
    }
    if (!any)
      r.skip(sw.host.hostname, "no `show pfcwd stats`, queue drop counters or `show pfc counters` of its ports given");
  }
}

}  // namespace

engine::CheckInfo info_xsw_counters() {
  return {
      .id = kId,
      .title = "The switch's own counters show no storm, no lossless drop, no pause on a lossy priority",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::switch_export},
      .profile_keys = {"qos.lossless"},
      .thresholds = {},
      .explained_by = {"XSW-PFC-PRIO", "XSW-HEADROOM"},
      .doc =
          "Judges every port of the switch outputs given, with or without the host at the other end of "
          "the cable and with or without CONFIG_DB: a queue `show pfcwd stats` shows stormed is "
          "critical, storms detected earlier a warning (on ports joined to this host XSW-PAUSE reports "
          "them, naming the NIC); dropped packets on the queue of a lossless priority (`show queue "
          "counters`, Cumulus `nv show interface IF qos roce counters`) are critical; PFC frames sent or "
          "received on a priority that should be lossy (`show pfc counters`) a warning. The lossless "
          "priorities are the switch port's pfc_enable, else the profile's (qos.lossless).",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
