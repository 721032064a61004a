// XSW-PAUSE: what the switch saw of pauses on the cable: a PFC watchdog storm on the port facing a
// host names the host NIC that sent it.
#include "checks/common.hpp"
#include "checks/switch_end.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "XSW-PAUSE";

// ECN marks the switch counted on a queue, over all its ports; nullopt when no port reports them.
std::optional<std::uint64_t> marks_on_queue(const model::Switch& sw, int queue) {
  std::optional<std::uint64_t> sum;
  for (const auto& port : sw.ports)
    if (const auto* q = port.queue(queue); q && q->ecn_marked_packets.ok())
      sum = sum.value_or(0) + *q->ecn_marked_packets;
  return sum;
}

// PFC frames at both ends of the cable on each lossless priority: one end counting pauses the other
// never saw, and a switch that pauses the host while marking no ECN at all.
void judge_counters(const engine::Context& ctx, const engine::PortView& p, const SwitchEnd& end, engine::Reporter& r) {
  const auto& sp = *end.port;
  if (!sp.pfc_tx_frames.ok() || !sp.pfc_rx_frames.ok()) return;
  const bool host_pfc = p.netdev->dcb.pfc.ok();
  for (const auto& c : ctx.profile.lossless) {
    const int prio = c.priority;
    const std::uint64_t sw_tx = (*sp.pfc_tx_frames)[prio], sw_rx = (*sp.pfc_rx_frames)[prio];
    const auto tx_ev = switch_config("show pfc counters Port Tx " + sp.name + " PFC" + std::to_string(prio),
                                     std::to_string(sw_tx), sp.pfc_tx_frames.from);
    if (host_pfc) {
      const std::uint64_t host_rx = p.netdev->dcb.pfc->indications[prio], host_tx = p.netdev->dcb.pfc->requests[prio];
      const bool disagree = (sw_tx > 0 && host_rx == 0) || (host_rx > 0 && sw_tx == 0) || (sw_rx > 0 && host_tx == 0) ||
                            (host_tx > 0 && sw_rx == 0);
      if (disagree)
        r.finding({
            .severity = engine::Severity::warning,
            .subject = p.subject(prio),
            .title = "Pause counters of " + end.both() + " disagree on priority " + std::to_string(prio) +
                     ": switch sent " + std::to_string(sw_tx) + ", host received " + std::to_string(host_rx) +
                     "; host sent " + std::to_string(host_tx) + ", switch received " + std::to_string(sw_rx),
            .evidence = {end.cable_evidence(), tx_ev,
                         switch_config("show pfc counters Port Rx " + sp.name + " PFC" + std::to_string(prio),
                                       std::to_string(sw_rx), sp.pfc_rx_frames.from),
                         config("host dcb pfc indications/requests prio " + std::to_string(prio),
                                std::to_string(host_rx) + "/" + std::to_string(host_tx), p.netdev->dcb.pfc)},
            .explanation = "One end counts pause frames on this priority that the other never saw: the ends "
                           "disagree on which priority is lossless (a pause for an unknown priority is "
                           "ignored), the cable is not the one the join found, or one end's counters were "
                           "cleared since (a `sonic-clear pfccounters` snapshot).",
            .remediation = {"compare `dcb pfc show dev " + p.name() + "` with `show pfc priority` on " +
                            end.sw->host.hostname},
        });
    }
    const auto marks = marks_on_queue(*end.sw, end.queue_of_tc(prio));
    if (sw_tx > 0 && marks && *marks == 0)
      r.finding({
          .severity = engine::Severity::warning,
          .subject = p.subject(prio),
          .title = end.switch_port() + " paused " + end.cable->host + " " + end.cable->host_netdev + " " +
                   std::to_string(sw_tx) + " times on priority " + std::to_string(prio) +
                   " but the switch marked no packet ECN on queue " + std::to_string(end.queue_of_tc(prio)),
          .evidence = {end.cable_evidence(), tx_ev,
                       switch_config("show queue wredcounters EcnMarked/pkts queue " +
                                         std::to_string(end.queue_of_tc(prio)) + " (all ports)",
                                     "0", end.sw->host.from)},
          .explanation = "The switch reaches its PFC trigger before its ECN thresholds: DCQCN never slows the "
                         "senders, so congestion is handled by pauses alone, which spread upstream. The WRED "
                         "thresholds must sit below the xoff point.",
          .remediation = {"lower green_min_threshold/green_max_threshold of the queue's WRED profile on " +
                          end.sw->host.hostname + " (XSW-ECN shows the profile)"},
      });
  }
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    auto end = switch_end(ctx, p, r);
    if (!end) continue;
    const auto& sp = *end->port;
    if (sp.pfcwd_stats.empty() && !sp.pfc_tx_frames.ok()) {
      r.skip(p.name(), end->switch_port() + ": no `show pfcwd stats` or `show pfc counters` in the exports");
      continue;
    }
    r.evaluated();
    judge_counters(ctx, p, *end, r);
    for (const auto& q : sp.pfcwd_stats) {
      if (q.storms_detected == 0) continue;
      const bool ongoing = q.status == "stormed";
      r.finding({
          .severity = ongoing ? engine::Severity::critical : engine::Severity::warning,
          .subject = p.subject(q.queue),
          .title = std::string(ongoing ? "PFC storm now" : "PFC storms") + " from " + end->cable->host + " " +
                   end->cable->host_netdev + ": " + end->switch_port() + " queue " + std::to_string(q.queue) + " " +
                   q.status + ", " + std::to_string(q.storms_detected) + " detected, " +
                   std::to_string(q.storms_restored) + " restored",
          .evidence = {end->cable_evidence(),
                       switch_config(
                           "show pfcwd stats " + sp.name + ":" + std::to_string(q.queue),
                           q.status + " " + std::to_string(q.storms_detected) + "/" + std::to_string(q.storms_restored),
                           q.from)},
          .explanation = "The switch's PFC watchdog saw the host keep this queue paused past its detection "
                         "time: the host NIC sends pause frames without draining (a hung receive path, a "
                         "stuck PCIe link or driver, or too little buffer for its traffic). While stormed "
                         "the switch drops the queue's traffic to that host.",
          .remediation = {"on " + end->cable->host + ": roce-doctor check --dev " + end->cable->host_netdev +
                              " (PAUSE-STORM, PFC-STORM-GUARD: the NIC's own storm prevention)",
                          "on " + end->sw->host.hostname + ": show pfcwd stats; show pfc counters -i " + sp.name},
      });
    }
  }
}

}  // namespace

engine::CheckInfo info_xsw_pause() {
  return {
      .id = kId,
      .title = "No PFC storm from the host, pause counters agree at both ends",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::switch_end},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {"PAUSE-STORM", "PFC-STORM-GUARD"},
      .doc =
          "Reads the switch's `show pfcwd stats` for the port at the other end of the cable: a queue in "
          "storm now is critical and names the host NIC that pauses it; storms detected earlier are a "
          "warning. With `show pfc counters`: a warning when one end counts pause frames on a lossless "
          "priority that the other end never received, and when the switch paused the host while "
          "`show queue wredcounters` shows no ECN mark on that queue (thresholds above the PFC trigger). "
          "Skipped without those exports.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
