// LINK-FLAP: the link went down during the window. Every flap tears down in-flight RDMA traffic
// (retransmission timeouts, QP errors, NCCL aborts) and resets the PFC and congestion state.
#include <algorithm>

#include "checks/link_common.hpp"
#include "model/sample.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "LINK-FLAP";
constexpr double kMaxDownEvents = 0;

// IFLA_CARRIER_CHANGES over the window: a netdev field, not a counter set, so built by hand. It
// counts both edges, down and up. Only called when the netdev was not reset (PortView::reset): then
// carrier_changes never goes backwards.
std::optional<engine::Rate> carrier_changes(const engine::PortView& p, double dt) {
  if (!p.netdev_before || !p.netdev->carrier_changes.ok() || !p.netdev_before->carrier_changes.ok() || dt <= 0)
    return std::nullopt;
  engine::Rate r;
  r.canonical = "netdev.carrier_changes";
  r.raw_name = "carrier_changes";
  r.set = p.netdev->carrier_changes.from.source;
  r.before = *p.netdev_before->carrier_changes;
  r.now = *p.netdev->carrier_changes;
  const model::CounterDelta moved = model::counter_delta(r.before, r.now);
  r.delta = moved.delta;
  r.reset = moved.reset;
  r.per_second = static_cast<double>(r.delta) / dt;
  return r;
}

// A reset between the samples restarted carrier_changes and the link counters: the window holds the
// reset (whose own link toggle is no flap), not link events. Said once, as information: a reset
// also loses the QoS state on drivers that do not keep it, which the QoS checks judge as it is now.
void report_reset(const engine::PortView& p, engine::Reporter& r) {
  const std::string dev = p.name(), driver = p.driver();
  r.finding({
      .severity = engine::Severity::info,
      .subject = p.subject(),
      .title = "netdev was reset between the samples (" + p.reset->signs + "): link events in the window not judged",
      .evidence = p.reset->evidence,
      .explanation =
          "A driver reload or firmware reset re-creates the netdev: carrier_changes and the driver's counters "
          "start again, and the first carrier-up after it is no link-down. Link events inside such a window "
          "cannot be told from the reset's own, so they are not judged; the next window is. A reset also loses "
          "settings the driver does not keep, on some drivers the PFC, trust, DSCP map and buffer "
          "configuration: the QoS checks judge what the NIC holds now.",
      .remediation = {"dmesg -T | grep -E '" + dev + (driver.empty() ? "" : "|" + driver) + "'",
                      "roce-doctor check --only PFC-LOSSLESS,QOS-TRUST,QOS-DSCP-MAP,BUF-HEADROOM"},
  });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double max_down = ctx.profile.threshold(kId, "max_down_events", kMaxDownEvents);
  for (const auto& p : ctx.ports()) {
    if (p.reset && ctx.has_rates()) {
      r.evaluated();
      report_reset(p, r);
      continue;
    }
    const auto down_events = ctx.rate(p, "link.down_events");  // mlx5 link_down_events_phy, bnxt link_down_events
    const auto downed = ctx.rate(p, "link.downed");            // IB PMA link_downed
    const auto carrier = carrier_changes(p, ctx.dt_seconds);
    if (!down_events && !downed && !carrier) {
      r.skip(p.name(), "no link-down counter (link_down_events_phy, link_downed) or carrier_changes in both samples");
      continue;
    }
    r.evaluated();
    std::uint64_t downs = 0;
    std::vector<engine::Evidence> evidence;
    for (const auto* rate : {&down_events, &downed, &carrier}) {
      if (!*rate || (*rate)->delta == 0) continue;
      // carrier_changes counts down and up: a flap is two changes.
      const std::uint64_t n = rate == &carrier ? ((*rate)->delta + 1) / 2 : (*rate)->delta;
      downs = std::max(downs, n);
      evidence.push_back((*rate)->evidence());
    }
    if (downs == 0 || static_cast<double>(downs) <= max_down) continue;
    const std::string dev = p.name();
    r.finding({
        .severity = engine::Severity::critical,
        .subject = p.subject(),
        .title = "link went down " + std::to_string(downs) + (downs == 1 ? " time" : " times") + " in " +
                 link::num(ctx.dt_seconds, 0) + " s",
        .evidence = std::move(evidence),
        .explanation =
            "Each link-down drops everything in flight: RDMA queue pairs hit retransmission timeouts or go to the "
            "error state, collectives abort or stall, and PFC/ECN state restarts. Repeated flaps point at the "
            "physical layer (cable, transceiver, switch port; see LINK-SIGNAL) or at the peer. One event right "
            "after a configuration change can be expected: mlx5 toggles the link when the PFC mask changes.",
        .remediation = {"ethtool -S " + dev + " | grep -E 'link_down|corrected_bits|err_lane|symbol_err|crc_err'",
                        "ethtool -m " + dev, "dmesg -T | grep " + dev},
    });
  }
}

}  // namespace

engine::CheckInfo info_link_flap() {
  return {
      .id = kId,
      .title = "Link stayed up during the window",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::rates},
      .profile_keys = {},
      .thresholds = {{"max_down_events", kMaxDownEvents, "link-down events allowed in the window"}},
      .explained_by = {"LINK-SIGNAL"},
      .doc =
          "Over two samples: Δlink_down_events_phy (mlx5; bnxt link_down_events), ΔIB PMA link_downed and "
          "Δcarrier_changes of the netdev (two per flap). Any link-down in the window is critical. A netdev "
          "reset between the samples (driver reload, firmware reset: the ifindex changed, carrier_changes "
          "went backwards, or most ethtool -S counters did) is reported as information instead and the "
          "window is not judged as link events. Another counter that went backwards counts from zero. A "
          "bad signal (LINK-SIGNAL) on the same port is the likely cause.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
