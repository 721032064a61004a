// ECN-IDLE: congestion on a lossless priority is handled by PFC alone. The priority keeps pausing
// (this NIC pausing the switch, or paused by it) while no CE-marked RoCE packet arrives, no CNP is
// sent and no CNP is handled: ECN marking or DCQCN is off somewhere on the path. The ECN counters
// are port-wide, so one that moves proves ECN works for the port.
#include <cstdio>

#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "ECN-IDLE";
constexpr double kMinPauseFraction = 0.01;
constexpr double kMinPausePerSecond = 100;
constexpr double kMaxEcnEvents = 0;

constexpr const char* kEcnCounters[] = {"roce.ecn_marked", "roce.cnp_sent", "roce.cnp_handled"};

// Which raw counters a canonical ECN name stands for, for skip reasons.
std::string ecn_raw_names(const engine::PortView& p) {
  if (is_mlx5(p)) return "np_ecn_marked_roce_packets, np_cnp_sent, rp_cnp_handled";
  return "ECN-marked / CNP sent / CNP handled counters";
}

std::string missing_ecn_reason(const engine::PortView& p, const std::vector<std::string>& missing) {
  std::string names;
  for (const auto& m : missing) names += (names.empty() ? "" : ", ") + m;
  std::string why = "ECN counters absent (" + names + ")";
  if (is_mlx5(p))
    why += ": mlx5 shows the congestion group (" + ecn_raw_names(p) + ") only with firmware cap cc_query_allowed";
  return why + "; cannot tell whether ECN works";
}

// How hard a priority pauses over the window: the larger share of time of tx/rx pause duration,
// or, on NICs that count frames only, pause frames per second.
struct Pausing {
  bool known = false;
  bool heavy = false;
  std::string summary;  // "tx 0.0%, rx 12.0% of the time"
  std::vector<engine::Evidence> evidence;
};

std::string fmt(const char* f, double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

Pausing pausing_on(const engine::Context& ctx, const engine::PortView& p, int prio, double min_fraction,
                   double min_per_s) {
  Pausing out;
  auto tx_us = ctx.rate(p, counters::prio_name(prio, "tx_pause_us"));
  auto rx_us = ctx.rate(p, counters::prio_name(prio, "rx_pause_us"));
  if (tx_us || rx_us) {
    out.known = true;
    const double tx = tx_us ? engine::pause_fraction(tx_us->delta, ctx.dt_seconds) : 0;
    const double rx = rx_us ? engine::pause_fraction(rx_us->delta, ctx.dt_seconds) : 0;
    out.heavy = std::max(tx, rx) >= min_fraction;
    out.summary = (tx_us ? "tx " + percent_text(tx) : std::string("tx ?")) + ", " +
                  (rx_us ? "rx " + percent_text(rx) : std::string("rx ?")) + " of the time paused";
    for (const auto& r : {tx_us, rx_us})
      if (r) out.evidence.push_back(r->evidence());
    return out;
  }
  auto tx = ctx.rate(p, counters::prio_name(prio, "tx_pause"));
  auto rx = ctx.rate(p, counters::prio_name(prio, "rx_pause"));
  if (!tx && !rx) return out;
  out.known = true;
  const double tx_s = tx ? tx->per_second : 0, rx_s = rx ? rx->per_second : 0;
  out.heavy = std::max(tx_s, rx_s) >= min_per_s;
  out.summary = (tx ? "tx " + fmt("%.0f", tx_s) : std::string("tx ?")) + ", " +
                (rx ? "rx " + fmt("%.0f", rx_s) : std::string("rx ?")) + " pause frames/s";
  for (const auto& r : {tx, rx})
    if (r) out.evidence.push_back(r->evidence());
  return out;
}

std::vector<std::string> remedy(const engine::PortView& p, int prio) {
  const std::string dev = p.name();
  const std::string n = std::to_string(prio);
  std::vector<std::string> cmds = {"roce-doctor check --only ECN-NIC,ECN-RED,QOS-DSCP-MAP"};
  if (p.netdev->ecn.ok()) {
    cmds.push_back("echo 1 > /sys/class/net/" + dev + "/ecn/roce_np/enable/" + n);
    cmds.push_back("echo 1 > /sys/class/net/" + dev + "/ecn/roce_rp/enable/" + n);
  } else if (is_mlx5(p) && p.netdev->pci_address.ok()) {
    cmds.push_back("mlxconfig -d " + *p.netdev->pci_address + " query ROCE_CC_PRIO_MASK_P1 ROCE_CC_PRIO_MASK_P2");
  }
  return cmds;
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double min_fraction = ctx.profile.threshold(kId, "min_pause_fraction", kMinPauseFraction);
  const double min_per_s = ctx.profile.threshold(kId, "min_pause_per_s", kMinPausePerSecond);
  const double max_ecn = ctx.profile.threshold(kId, "max_ecn_events", kMaxEcnEvents);
  std::vector<int> prios;  // lossless priorities on which the profile expects ECN
  for (const auto& c : ctx.profile.lossless)
    for (int e : ctx.profile.ecn_priorities)
      if (e == c.priority) prios.push_back(c.priority);

  for (const auto& p : ctx.ports()) {
    if (prios.empty()) {
      r.skip(p.name(), "the profile expects ECN on no lossless priority");
      continue;
    }
    std::vector<std::pair<int, Pausing>> heavy;
    bool any_known = false;
    for (int prio : prios) {
      Pausing ps = pausing_on(ctx, p, prio, min_fraction, min_per_s);
      any_known |= ps.known;
      if (ps.heavy) heavy.emplace_back(prio, std::move(ps));
    }
    if (!any_known) {
      r.skip(p.name(), "no pause counters on the lossless priorities (PFC off?)");
      continue;
    }
    if (heavy.empty()) {  // no congestion worth the name: nothing for ECN to have done
      r.evaluated();
      continue;
    }
    std::vector<engine::Rate> ecn;
    std::vector<std::string> missing;
    std::uint64_t ecn_events = 0;
    for (const char* name : kEcnCounters) {
      if (auto rate = ctx.rate(p, name)) {
        ecn_events += rate->delta;
        ecn.push_back(*rate);
      } else {
        missing.push_back(name);
      }
    }
    if (static_cast<double>(ecn_events) > max_ecn) {  // ECN is at work on this port
      r.evaluated();
      continue;
    }
    if (!missing.empty()) {  // absent is not zero: the absent one may be the one that moves
      r.skip(p.name(), missing_ecn_reason(p, missing));
      continue;
    }
    r.evaluated();
    for (auto& [prio, ps] : heavy) {
      std::vector<engine::Evidence> evidence = std::move(ps.evidence);
      for (const auto& e : ecn) evidence.push_back(e.evidence());
      r.finding({
          .severity = engine::Severity::critical,
          .subject = p.subject(prio),
          .title = "congestion on priority " + std::to_string(prio) + " handled by PFC alone: " + ps.summary +
                   ", no ECN mark or CNP",
          .evidence = std::move(evidence),
          .explanation =
              "The lossless priority keeps pausing, yet over the same window this port received no CE-marked "
              "RoCE packet, sent no CNP and handled none: DCQCN is not slowing any sender, so every congestion "
              "episode is carried back hop by hop with PFC (head-of-line blocking, victim flows, deadlock risk). "
              "ECN is off somewhere on the path: the switch queue does not mark (RED/WRED without ECN), the "
              "NICs' notification or reaction point is disabled on this priority, or CNPs are not delivered.",
          .remediation = remedy(p, prio),
      });
    }
  }
}

}  // namespace

engine::CheckInfo info_ecn_idle() {
  return {
      .id = kId,
      .title = "Congestion is not handled by PFC alone",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::rates, engine::Need::ethtool_stats, engine::Need::rdma_counters},
      .profile_keys = {"qos.lossless", "ecn.priorities"},
      .thresholds = {{"min_pause_fraction", kMinPauseFraction,
                      "share of time paused (tx or rx) from which a lossless priority counts as congested"},
                     {"min_pause_per_s", kMinPausePerSecond,
                      "pause frames per second that count as congested where no duration counter exists"},
                     {"max_ecn_events", kMaxEcnEvents,
                      "ECN marks + CNPs sent + CNPs handled in the window that still count as flat"}},
      .explained_by = {"ECN-NIC", "ECN-RED", "DROP-HOST"},
      .doc =
          "Over two samples, on each lossless priority where the profile expects ECN: if the priority pauses "
          "(tx or rx pause duration at least 1% of the time, or 100 pause frames/s where only frames are "
          "counted) while np_ecn_marked_roce_packets, np_cnp_sent and rp_cnp_handled (or the driver's "
          "equivalents) all stay flat, congestion is being handled by PFC alone. Absent ECN counters (mlx5 "
          "without the cc_query_allowed cap) skip the check rather than read as zero.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
