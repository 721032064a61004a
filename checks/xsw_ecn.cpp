// XSW-ECN: the WRED/ECN profiles of the switch port's lossless queues are sane (min < max, marking
// probability > 0, enabled for green) and the same on every lossless queue.
#include "checks/common.hpp"
#include "checks/switch_end.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "XSW-ECN";

std::string thresholds_text(const model::SwitchWred& w) {
  auto n = [](const model::Field<std::uint64_t>& f) { return f.ok() ? std::to_string(*f) : std::string("?"); };
  return w.name + " green " + n(w.green_min_bytes) + "-" + n(w.green_max_bytes) + " B, " +
         (w.green_drop_percent.ok() ? std::to_string(*w.green_drop_percent) : std::string("?")) + "%";
}

// What is wrong with a profile, or "".
std::string insane(const model::SwitchWred& w) {
  if (w.green_min_bytes.ok() && w.green_max_bytes.ok() && *w.green_min_bytes >= *w.green_max_bytes)
    return "green_min_threshold is not below green_max_threshold";
  if (w.green_drop_percent.ok() && *w.green_drop_percent == 0) return "green_drop_probability is 0: nothing is marked";
  if (!w.green_min_bytes.ok() || !w.green_max_bytes.ok()) return "a green threshold is missing";
  return {};
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    auto end = switch_end(ctx, p, r);
    if (!end) continue;
    auto pfc = end->pfc_mask();
    if (!pfc) {
      r.skip(p.name(), end->switch_port() + " pfc_enable unknown");
      continue;
    }
    r.evaluated();
    const model::SwitchWred* first = nullptr;
    int first_queue = -1;
    for (int tc = 0; tc < model::kPriorities; ++tc) {
      if (!((*pfc >> tc) & 1)) continue;
      const int q = end->queue_of_tc(tc);
      const auto* w = end->wred_of_queue(q);
      if (!w) continue;  // XSW-DSCP-QUEUE judges a RoCE queue without ECN
      const auto* queue = end->port->queue(q);
      const auto ev = switch_config("QUEUE|" + end->port->name + "|" + std::to_string(q) + " wred_profile",
                                    thresholds_text(*w), queue->wred_profile.from);
      if (const auto why = insane(*w); !why.empty()) {
        r.finding({
            .severity = engine::Severity::warning,
            .subject = p.subject(tc),
            .title = "ECN on lossless queue " + std::to_string(q) + " of " + end->switch_port() + " (" + end->both() +
                     "): " + why,
            .evidence = {end->cable_evidence(), ev},
            .explanation = "DCQCN needs the switch to mark early and with a probability: without a working "
                           "min < max ramp the queue grows until PFC pauses the hosts.",
            .remediation = {switch_fix(*end,
                                       {patch_op("add", "WRED_PROFILE", w->name, "green_min_threshold", "1048576"),
                                        patch_op("add", "WRED_PROFILE", w->name, "green_max_threshold", "2097152"),
                                        patch_op("add", "WRED_PROFILE", w->name, "green_drop_probability", "5")},
                                       {"nv set qos roce mode lossless"})},
        });
      }
      if (!first) {
        first = w;
        first_queue = q;
        continue;
      }
      const auto same = [](const model::Field<std::uint64_t>& a, const model::Field<std::uint64_t>& b) {
        return a.value == b.value;
      };
      if (same(first->green_min_bytes, w->green_min_bytes) && same(first->green_max_bytes, w->green_max_bytes) &&
          first->green_drop_percent.value == w->green_drop_percent.value)
        continue;
      r.finding({
          .severity = engine::Severity::warning,
          .subject = p.subject(tc),
          .title = "Lossless queues of " + end->switch_port() + " mark ECN differently: queue " +
                   std::to_string(first_queue) + " " + thresholds_text(*first) + ", queue " + std::to_string(q) + " " +
                   thresholds_text(*w) + " (" + end->both() + ")",
          .evidence = {end->cable_evidence(), ev},
          .explanation = "Lossless classes that mark at different depths react to the same congestion at "
                         "different times: one class pauses while the other is still throttled by ECN.",
          .remediation = {switch_fix(
              *end, {patch_op("add", "QUEUE", end->port->name + "|" + std::to_string(q), "wred_profile", first->name)},
              {"nv set qos roce mode lossless"})},
      });
    }
  }
}

}  // namespace

engine::CheckInfo info_xsw_ecn() {
  return {
      .id = kId,
      .title = "Switch ECN thresholds are sane and equal on every lossless queue",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::switch_end},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "On the switch port at the other end of the cable, every lossless queue (a TC in pfc_enable) "
          "with a WRED profile must have green_min_threshold below green_max_threshold (bytes), a "
          "green_drop_probability above 0 (percent), and the same thresholds as the other lossless queues. "
          "Observed defaults: SONiC 1 MiB/2 MiB 5%, NVIDIA 150 KB/1.5 MB. A lossless queue without ECN is "
          "XSW-DSCP-QUEUE's finding.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
