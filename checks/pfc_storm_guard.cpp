// PFC-STORM-GUARD: the NIC's pause-storm watchdog is on (ethtool tunable pfc-prevention-tout). With
// it disabled, a stuck receiver can pause its peer forever and the storm spreads through the fabric.
#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "PFC-STORM-GUARD";
constexpr std::uint32_t kDisabled = 0;   // PFC_STORM_PREVENTION_DISABLE
constexpr std::uint32_t kAuto = 0xffff;  // PFC_STORM_PREVENTION_AUTO (mlx5: 100 ms)

std::string tout_text(std::uint32_t ms) {
  if (ms == kDisabled) return "0 (disabled)";
  if (ms == kAuto) return "65535 (auto)";
  return std::to_string(ms) + " ms";
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const auto& tout = p.netdev->pfc_prevention_tout_ms;
    if (!r.require(tout, p.name(), "ethtool tunable pfc-prevention-tout")) continue;
    r.evaluated();
    if (*tout != kDisabled) continue;
    r.finding({
        .severity = engine::Severity::warning,
        .subject = p.subject(),
        .title = "PFC storm prevention is disabled (pfc-prevention-tout 0)",
        .evidence = {config("pfc-prevention-tout", tout_text(*tout), tout)},
        .explanation =
            "The storm-prevention watchdog stops the NIC from sending pause frames once it has been pausing "
            "its peer continuously for the timeout (a receiver that no longer drains its queue, e.g. a hung "
            "host). Without it such a port pauses the switch indefinitely; the switch buffers fill and pause "
            "their own upstream ports, and the storm freezes every flow on the lossless priority across the "
            "fabric.",
        .remediation = {"ethtool --set-tunable " + p.name() + " pfc-prevention-tout 100"},
    });
  }
}

}  // namespace

engine::CheckInfo info_pfc_storm_guard() {
  return {
      .id = kId,
      .title = "PFC storm prevention enabled",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::storm_tunable},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Reads the ethtool tunable pfc-prevention-tout (ETHTOOL_PFC_PREVENTION_TOUT, ms) and warns when "
          "it is 0, which disables the pause-storm watchdog; 65535 (auto, 100 ms on mlx5) and explicit "
          "timeouts are fine. Skipped where the driver does not implement the tunable (mlx5 without the "
          "pfcc_mask and stall_detect capabilities, most other NICs).",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
