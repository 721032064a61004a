// XSW-ECN: the WRED/ECN profiles of the switch port's lossless queues are sane (min < max, marking
// probability > 0, enabled for green), below the point where the lossless PG sends XOFF, and the
// same on every lossless queue.
#include <cmath>

#include "checks/common.hpp"
#include "checks/switch_end.hpp"
#include "physics/ecn_thresholds.hpp"

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

// The PG occupancy (bytes) at which the switch sends XOFF for a lossless PG, from its buffer profile.
struct PfcTrigger {
  std::uint64_t bytes = 0;
  std::string how;
  model::Provenance from;
};

// Dynamic: the PG may hold alpha = 2^dynamic_th times the free pool; alone in the pool it pauses at
// pool * alpha / (1 + alpha), the most it can ever hold before XOFF. Static: static_th bytes.
std::optional<PfcTrigger> pfc_trigger(const model::SwitchPg& pg) {
  if (pg.dynamic_th.ok() && pg.pool_bytes.ok()) {
    const double alpha = std::ldexp(1.0, *pg.dynamic_th);
    const auto bytes = static_cast<std::uint64_t>(static_cast<double>(*pg.pool_bytes) * alpha / (1 + alpha));
    return PfcTrigger{bytes,
                      "dynamic_th " + std::to_string(*pg.dynamic_th) + " of pool " + std::to_string(*pg.pool_bytes) +
                          " B: at most pool x alpha / (1 + alpha) = " + std::to_string(bytes) + " B",
                      pg.dynamic_th.from};
  }
  if (pg.static_th_bytes.ok())
    return PfcTrigger{*pg.static_th_bytes, "static_th " + std::to_string(*pg.static_th_bytes) + " B",
                      pg.static_th_bytes.from};
  return std::nullopt;
}

// A finding when the queue's ECN thresholds reach the PFC trigger of the TC's lossless PG.
void judge_below_trigger(const engine::PortView& p, const SwitchEnd& end, int tc, int q, const model::SwitchWred& w,
                         const engine::Evidence& wred_ev, engine::Reporter& r) {
  const int pg_index = end.pg_of_tc(tc);
  const auto* pg = end.lossless_pg(pg_index);
  if (!pg || !w.green_min_bytes.ok() || !w.green_max_bytes.ok()) return;
  const auto trigger = pfc_trigger(*pg);
  if (!trigger || *w.green_max_bytes < trigger->bytes) return;
  const bool no_mark = *w.green_min_bytes >= trigger->bytes;
  // Half the trigger: marking still saturates first when a second congested PG shares the pool.
  const auto fixed = physics::ecn_thresholds(
      end.speed_mbps(), static_cast<std::uint32_t>(std::min<std::uint64_t>(trigger->bytes / 2, 0xffffffffu)));
  r.finding({
      .severity = engine::Severity::warning,
      .subject = p.subject(tc),
      .title = "ECN on lossless queue " + std::to_string(q) + " of " + end.switch_port() + " (" + end.both() +
               ") marks at " + std::to_string(*w.green_min_bytes) + "-" + std::to_string(*w.green_max_bytes) +
               " B, but PG " + std::to_string(pg_index) + " sends XOFF at " + std::to_string(trigger->bytes) +
               " B: " + (no_mark ? "pauses fire before any mark" : "pauses fire before marking saturates"),
      .evidence = {end.cable_evidence(), wred_ev,
                   switch_config("BUFFER_PG|" + end.port->name + "|" + std::to_string(pg->first) +
                                     (pg->last != pg->first ? "-" + std::to_string(pg->last) : "") + " " + pg->profile,
                                 trigger->how, trigger->from)},
      .explanation = "The switch pauses the host when the lossless PG reaches its XOFF point; ECN marks only "
                     "between green_min_threshold and green_max_threshold of the queue. Thresholds at or above "
                     "the XOFF point let PFC act before DCQCN slows the senders: the fabric pauses instead of "
                     "marking, and pauses spread congestion to every flow behind the port.",
      .remediation = {switch_fix(
          end,
          {patch_op("add", "WRED_PROFILE", w.name, "green_min_threshold", std::to_string(fixed.min)),
           patch_op("add", "WRED_PROFILE", w.name, "green_max_threshold", std::to_string(fixed.max))},
          {"nv set qos roce mode lossless"})},
  });
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
      judge_below_trigger(p, *end, tc, q, *w, ev, r);
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
          "XSW-DSCP-QUEUE's finding. Both thresholds must also sit below the point where the queue's lossless "
          "PG sends XOFF, else the switch pauses before it marks: with dynamic_th n the PG holds at most "
          "pool x alpha / (1 + alpha) bytes (alpha = 2^n of the free pool, the pool alone to itself), with "
          "static_th that many bytes.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
