// DROP-LOSSLESS: no packets are dropped on a priority that carries lossless RoCE traffic. PFC
// should pause the peer before the buffer overflows; drops mean headroom or mapping is wrong.
#include <algorithm>

#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "DROP-LOSSLESS";
constexpr double kMaxDrops = 0;
constexpr double kMinRdmaBytesPerSecond = 1e6;
constexpr double kMinLosslessShare = 0.5;

struct Drops {
  std::uint64_t count = 0;
  std::vector<engine::Evidence> evidence;
  bool known = false;
};

// rx_prioN_discards and rx_prioN_buf_discard count the same frames (counters/mlx5.cpp): each drop
// is counted once, as the larger of the two deltas; both are cited.
Drops drops_on(const engine::Context& ctx, const engine::PortView& p, int prio) {
  Drops d;
  for (const char* what : {"rx_discards", "rx_buf_discards"})
    if (auto rate = ctx.rate(p, counters::prio_name(prio, what))) {
      d.known = true;
      d.count = std::max(d.count, rate->delta);
      d.evidence.push_back(rate->evidence());
    }
  return d;
}

void report(const engine::Context& ctx, const engine::PortView& p, int prio, Drops d, bool lossless,
            engine::Reporter& r) {
  char rate[32];
  std::snprintf(rate, sizeof rate, "%.1f/s", static_cast<double>(d.count) / ctx.dt_seconds);
  std::vector<engine::Evidence> evidence = std::move(d.evidence);
  if (auto port = ctx.rate(p, "port.rx_discards")) evidence.push_back(port->evidence());
  if (auto pause = ctx.rate(p, counters::prio_name(prio, "tx_pause"))) evidence.push_back(pause->evidence());
  r.finding({
      .severity = engine::Severity::critical,
      .subject = p.subject(prio),
      .title = std::to_string(d.count) + " packets dropped on " + (lossless ? "lossless" : "RDMA-carrying lossy") +
               " priority " + std::to_string(prio) + " (" + rate + ")",
      .evidence = std::move(evidence),
      .explanation =
          lossless ? "The NIC dropped received packets on a PFC priority for lack of buffer: the pause came too "
                     "late (buffer smaller than the headroom the cable and speed need, cable length configured too "
                     "short, MTU larger than assumed) or the buffer that priority maps to is not lossless. Each "
                     "drop costs RoCE a go-back-N retransmission."
                   : "RDMA traffic is classified onto this lossy priority and is being dropped for lack of buffer. "
                     "RoCE is meant to ride a PFC priority; fix the trust mode or DSCP map so it does.",
      .remediation = {"roce-doctor check --only BUF-HEADROOM,PFC-LOSSLESS,QOS-TRUST,QOS-DSCP-MAP", "roce-doctor tune"},
  });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double max_drops = ctx.profile.threshold(kId, "max_drops", kMaxDrops);
  for (const auto& p : ctx.ports()) {
    bool judged = false;
    for (const auto& c : ctx.profile.lossless) {
      Drops d = drops_on(ctx, p, c.priority);
      if (!d.known) {
        r.skip(p.name() + " prio " + std::to_string(c.priority),
               "no rx_prio" + std::to_string(c.priority) + "_discards / _buf_discard counters in both samples");
        continue;
      }
      judged = true;
      if (static_cast<double>(d.count) > max_drops) report(ctx, p, c.priority, std::move(d), true, r);
    }
    // RDMA that is not on a lossless priority: its drops count too (TRAFFIC-CLASS names the cause).
    if (auto placed = rdma_placement(ctx, p);
        placed && placed->off_lossless(kMinRdmaBytesPerSecond * ctx.dt_seconds, kMinLosslessShare)) {
      for (int prio = 0; prio < model::kPriorities; ++prio) {
        if (ctx.profile.is_lossless(prio)) continue;
        bool carried = (placed->rx.rate[prio] && placed->rx.rate[prio]->delta > 0);
        Drops d = drops_on(ctx, p, prio);
        judged |= d.known;
        if (carried && static_cast<double>(d.count) > max_drops) report(ctx, p, prio, std::move(d), false, r);
      }
    }
    if (judged) r.evaluated();
  }
}

}  // namespace

engine::CheckInfo info_drop_lossless() {
  return {
      .id = kId,
      .title = "No drops on the lossless priority",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::rates, engine::Need::ethtool_stats},
      .profile_keys = {"qos.lossless"},
      .thresholds = {{"max_drops", kMaxDrops, "packets a lossless priority may drop in the window"}},
      .explained_by = {"QOS-TRUST", "QOS-DSCP-MAP", "PFC-LOSSLESS", "BUF-HEADROOM", "BUF-MAP", "BUF-CABLE",
                       "PFC-STORM-GUARD", "PAUSE-STORM"},
      .doc =
          "Over two samples, counts receive drops for lack of buffer (rx_prioN_discards, rx_prioN_buf_discard: "
          "the same frames on mlx5, so each drop is counted once, as the larger of the two) on every lossless "
          "priority, and on lossy priorities that carry the port's RDMA traffic when it "
          "is off the lossless path. rx_discards_phy and the priority's tx pause counters are cited as "
          "evidence. Configuration findings on the same port (trust, DSCP map, PFC, headroom) are linked as "
          "causes.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
