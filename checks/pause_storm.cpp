// PAUSE-STORM: a port pausing its peer (or being paused) for a large share of the time, or the
// firmware's pause-storm watchdog firing. Pause durations are in microseconds, so
// Δduration / Δt(µs) is the fraction of time paused.
#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "PAUSE-STORM";
constexpr double kWarningFraction = 0.20;
constexpr double kCriticalFraction = 0.50;

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double warn = ctx.profile.threshold(kId, "warning_fraction", kWarningFraction);
  const double crit = ctx.profile.threshold(kId, "critical_fraction", kCriticalFraction);
  for (const auto& p : ctx.ports()) {
    bool judged = false;
    // Per-priority PFC pauses (present only for PFC-enabled priorities), then 802.3x global pause.
    std::vector<std::pair<std::optional<int>, std::string>> scopes;
    for (int prio = 0; prio < model::kPriorities; ++prio) scopes.emplace_back(prio, counters::prio_name(prio, ""));
    scopes.emplace_back(std::nullopt, "global.");
    for (const auto& [prio, prefix] : scopes) {
      for (const char* dir : {"tx", "rx"}) {
        auto dur = ctx.rate(p, prefix + dir + "_pause_us");
        if (!dur) continue;
        judged = true;
        const double frac = engine::pause_fraction(dur->delta, ctx.dt_seconds);
        if (frac < warn) continue;
        const bool we_pause = std::string(dir) == "tx";
        const std::string scope = prio ? "priority " + std::to_string(*prio) : "802.3x global pause";
        std::vector<engine::Evidence> evidence = {dur->evidence()};
        if (auto frames = ctx.rate(p, prefix + dir + "_pause")) evidence.push_back(frames->evidence());
        r.finding({
            .severity = frac >= crit ? engine::Severity::critical : engine::Severity::warning,
            .subject = prio ? p.subject(*prio) : p.subject(),
            .title = std::string(we_pause ? "port pauses its peer " : "port is paused ") + percent_text(frac) +
                     " of the time on " + scope,
            .evidence = std::move(evidence),
            .explanation =
                we_pause ? "This NIC cannot absorb what it receives and keeps the peer paused. Sustained pauses "
                           "spread upstream (head-of-line blocking, victim flows, possible PFC deadlock). A receiver "
                           "this slow is often the host itself: receive-queue starvation or PCIe back-pressure "
                           "(rx_out_of_buffer, outbound_pci_stalled_*)."
                         : "The peer keeps this port paused: congestion downstream is not being resolved by ECN/DCQCN "
                           "and PFC carries it back to the sender, stalling every flow on the priority.",
            .remediation = {"ethtool -S " + p.name() + " | grep -E 'pause|out_of_buffer|pci_stalled'",
                            "ethtool --set-tunable " + p.name() + " pfc-prevention-tout 100"},
        });
      }
    }
    for (const auto& [name, sev] : {std::pair{"pause.storm_error_events", engine::Severity::critical},
                                    std::pair{"pause.storm_warning_events", engine::Severity::warning}}) {
      // Storm events alone do not make the port judged: without duration counters the share of
      // time paused is unknown.
      auto ev = ctx.rate(p, name);
      if (!ev || ev->delta == 0) continue;
      const bool error = sev == engine::Severity::critical;
      r.finding({
          .severity = sev,
          .subject = p.subject(),
          .title = std::to_string(ev->delta) + (error ? " pause-storm error events: the NIC stopped sending pauses"
                                                      : " pause-storm warning events"),
          .evidence = {ev->evidence()},
          .explanation = error
                             ? "The NIC sent pauses long enough to hit the storm-prevention timeout and disabled "
                               "pause transmission: packets may have been dropped on the lossless priority meanwhile."
                             : "The NIC sent pauses for a long period; the storm watchdog is close to disabling them.",
          .remediation = {"ethtool -S " + p.name() + " | grep -E 'out_of_buffer|pci_stalled'"},
      });
    }
    if (judged)
      r.evaluated();
    else
      r.skip(p.name(), "no pause-duration counters (PFC and global pause off on every priority)");
  }
}

}  // namespace

engine::CheckInfo info_pause_storm() {
  return {
      .id = kId,
      .title = "No pause storm",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::rates, engine::Need::ethtool_stats},
      .profile_keys = {},
      .thresholds = {{"warning_fraction", kWarningFraction, "share of time paused (tx or rx) that warns"},
                     {"critical_fraction", kCriticalFraction, "share of time paused that is critical"}},
      // A stuck receiver makes its NIC pause the peer; with ECN off congestion is left to PFC.
      .explained_by = {"DROP-HOST", "ECN-NIC", "ECN-RED"},
      .doc =
          "Over two samples, the fraction of time each PFC priority (and 802.3x global pause) spent pausing "
          "the peer (tx_prioN_pause_duration) or paused by it (rx_prioN_pause_duration), in microseconds per "
          "second: warning from 20%, critical from 50%. Any tx_pause_storm_error_events is critical, "
          "tx_pause_storm_warning_events a warning.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
