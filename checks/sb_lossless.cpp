// SB-LOSSLESS: on a switchdev port (mlxsw `devlink sb`), the buffers of each lossless (PFC-enabled)
// priority hold its traffic: the ingress priority group is bound to an ingress pool that has room,
// and the egress traffic class to a static egress pool whose quota is the whole pool, so that the
// switch pauses the sender instead of dropping at egress.
#include <algorithm>

#include "checks/common.hpp"
#include "model/shared_buffer_lookup.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "SB-LOSSLESS";
// What a fix proposes where no suitable pool exists: the kernel's mlxsw PFC selftest (qos_pfc.sh)
// sizes its ingress PFC pool 1 MB and its egress PFC pool 10 MB ("large enough to not matter").
constexpr std::uint32_t kIngressPoolBytes = 1000000, kEgressPoolBytes = 10000000;
// Dynamic quota proposed for a lossless PG: mlxsw's own default for PG 0 on Spectrum-2 (alpha 1/2).
constexpr std::uint32_t kDynamicThreshold = 9;

engine::Evidence row(const std::string& name, const std::string& value, const model::Provenance& from) {
  return engine::Evidence{name, value, std::nullopt, std::nullopt, false, from};
}

std::string sb_arg(std::uint32_t sb) { return sb == 0 ? "" : " sb " + std::to_string(sb); }

std::string pool_text(const model::SbPool& p) {
  return p.type + " size " + std::to_string(p.size) + " thtype " + p.threshold_type;
}

engine::Evidence pool_evidence(const model::DevlinkSb& d, const model::SbPool& p) {
  return row("devlink sb pool " + d.device + sb_arg(p.sb) + " pool " + std::to_string(p.pool), pool_text(p), p.from);
}

engine::Evidence bind_evidence(const model::SbTcBind& b, const model::SbPool* pool) {
  return row("devlink sb tc bind " + b.port + sb_arg(b.sb) + " tc " + std::to_string(b.tc) + " " + b.type,
             "pool " + std::to_string(b.pool) + " threshold " + std::to_string(b.threshold) + " (" +
                 model::threshold_text(pool, b.threshold) + ")",
             b.from);
}

std::string bind_command(const model::SbTcBind& b, std::uint16_t pool, std::uint32_t threshold) {
  return "devlink sb tc bind set " + b.port + sb_arg(b.sb) + " tc " + std::to_string(b.tc) + " type " + b.type +
         " pool " + std::to_string(pool) + " th " + std::to_string(threshold);
}

std::string pool_command(const model::DevlinkSb& d, std::uint32_t sb, std::uint16_t pool, std::uint32_t size) {
  return "devlink sb pool set " + d.device + sb_arg(sb) + " pool " + std::to_string(pool) + " size " +
         std::to_string(size) + " thtype static";
}

// Egress pools that serve multicast on mlxsw: bound by an egress TC 8-15 of some port.
bool multicast_pool(const model::DevlinkSb& d, const model::SbPool& p) {
  return std::any_of(d.tc_binds.begin(), d.tc_binds.end(), [&](const model::SbTcBind& b) {
    return b.type == "egress" && b.tc >= 8 && b.sb == p.sb && b.pool == p.pool;
  });
}

// The commands that put `b` in a pool of its direction that holds lossless traffic: a static pool
// of that direction with room (ingress also a dynamic one), else the first empty pool sized first.
std::vector<std::string> rebind(const model::DevlinkSb& d, const model::SbTcBind& b, bool egress) {
  const model::SbPool* target = nullptr;
  for (const auto& p : d.pools) {
    if (p.sb != b.sb || p.type != b.type || p.size == 0 || (egress && multicast_pool(d, p))) continue;
    if (egress && p.threshold_type != "static") continue;
    if (!target || (p.threshold_type == "static" && target->threshold_type != "static")) target = &p;
  }
  if (target)
    return {bind_command(b, target->pool, target->threshold_type == "static" ? target->size : kDynamicThreshold)};
  const std::uint32_t size = egress ? kEgressPoolBytes : kIngressPoolBytes;
  for (const auto& p : d.pools)
    if (p.sb == b.sb && p.type == b.type && p.size == 0 && !multicast_pool(d, p))
      return {pool_command(d, b.sb, p.pool, size), bind_command(b, p.pool, size)};
  return {"devlink sb pool show " + d.device};
}

struct Place {
  const model::DevlinkSb& device;
  const model::NetDev& nd;
  int priority;
};

engine::Subject subject_of(const Place& at) {
  engine::Subject s;
  s.netdev = at.nd.name;
  s.priority = at.priority;
  return s;
}

std::string where(const Place& at, const char* type, std::uint16_t tc) {
  return at.nd.name + " priority " + std::to_string(at.priority) + ": " + type +
         (std::string_view(type) == "ingress" ? " PG " : " TC ") + std::to_string(tc);
}

// The binding of one lossless buffer, or a skip saying why it cannot be judged.
const model::SbTcBind* binding(const Place& at, const char* type, std::optional<std::uint8_t> tc,
                               const model::SbPool** pool, engine::Reporter& r) {
  const bool ingress = std::string_view(type) == "ingress";
  if (!tc) {
    r.skip(at.nd.name, std::string("priority ") + std::to_string(at.priority) + ": its " + type +
                           (ingress ? " PG is unknown (no dcb buffer prio2buffer)" : " TC is unknown (no dcb ets)"));
    return nullptr;
  }
  const auto* b = model::find_tc_bind(at.device, at.nd.name, type, *tc);
  if (!b) {
    r.skip(at.nd.name, where(at, type, *tc) + " has no devlink sb tc bind row");
    return nullptr;
  }
  *pool = model::find_sb_pool(at.device, b->sb, b->pool);
  if (!*pool) {
    r.skip(at.nd.name, where(at, type, *tc) + " is bound to pool " + std::to_string(b->pool) + ", which " +
                           at.device.device + " does not list");
    return nullptr;
  }
  return b;
}

void judge_ingress(const Place& at, std::optional<std::uint8_t> pg, engine::Reporter& r) {
  const model::SbPool* pool = nullptr;
  const auto* b = binding(at, "ingress", pg, &pool, r);
  if (!b) return;
  const std::vector<engine::Evidence> evidence = {bind_evidence(*b, pool), pool_evidence(at.device, *pool)};
  const std::string head = where(at, "ingress", b->tc) + " is bound to " + pool->type + " pool " +
                           std::to_string(b->pool) + " of " + at.device.device;
  if (pool->type != "ingress" || pool->size == 0) {
    r.finding({
        .severity = engine::Severity::critical,
        .subject = subject_of(at),
        .title = head + (pool->size == 0 ? ", which has size 0" : ", not an ingress pool"),
        .evidence = evidence,
        .explanation = "A lossless priority group holds its frames in the shared buffer until its quota is used, "
                       "then in its headroom while the PAUSE takes effect. In a pool without room the PG has no "
                       "shared buffer at all: the port pauses its sender on every burst and the link runs far "
                       "below line rate.",
        .remediation = rebind(at.device, *b, false),
    });
    return;
  }
  if (pool->threshold_type == "static" && b->threshold == 0) {
    r.finding({
        .severity = engine::Severity::warning,
        .subject = subject_of(at),
        .title = head + " with a static quota of 0 bytes",
        .evidence = evidence,
        .explanation = "In a static pool the threshold is the PG's quota in bytes: 0 gives the lossless traffic no "
                       "shared buffer, every frame goes to the headroom and the port pauses its sender at once.",
        .remediation = {bind_command(*b, b->pool, pool->size)},
    });
  }
}

void judge_egress(const Place& at, std::optional<std::uint8_t> tc, engine::Reporter& r) {
  const model::SbPool* pool = nullptr;
  const auto* b = binding(at, "egress", tc, &pool, r);
  if (!b) return;
  const std::vector<engine::Evidence> evidence = {bind_evidence(*b, pool), pool_evidence(at.device, *pool)};
  const std::string head = where(at, "egress", b->tc) + " is bound to " + pool->type + " pool " +
                           std::to_string(b->pool) + " of " + at.device.device;
  const std::string why =
      "PFC only holds traffic back at ingress: once a lossless frame is in the switch, the egress quota of its "
      "traffic class decides whether it is queued or dropped. A lossless TC needs a static egress pool whose quota "
      "never runs out before the pool does (the kernel's mlxsw PFC test binds it with the threshold equal to the "
      "pool size); ";
  if (pool->type != "egress" || pool->size == 0) {
    r.finding({
        .severity = engine::Severity::critical,
        .subject = subject_of(at),
        .title = head + (pool->size == 0 ? ", which has size 0" : ", not an egress pool"),
        .evidence = evidence,
        .explanation = why + "a pool without room drops every frame of the lossless priority that has to queue.",
        .remediation = rebind(at.device, *b, true),
    });
  } else if (pool->threshold_type == "dynamic") {
    r.finding({
        .severity = engine::Severity::warning,
        .subject = subject_of(at),
        .title = head + ", a dynamic pool (threshold " + std::to_string(b->threshold) + ", " +
                 model::threshold_text(pool, b->threshold) + " of the free pool): the switch drops it at egress",
        .evidence = evidence,
        .explanation = why + "in a dynamic pool (mlxsw's default for every unicast TC) the quota is a fraction alpha "
                             "of the free pool, which shrinks as other ports fill it, and frames beyond it are "
                             "dropped: lossless traffic is lost under congestion although PFC is on.",
        .remediation = rebind(at.device, *b, true),
    });
  } else if (b->threshold < pool->size) {
    r.finding({
        .severity = engine::Severity::warning,
        .subject = subject_of(at),
        .title = head + " with a static quota of " + std::to_string(b->threshold) + " bytes, below the pool's " +
                 std::to_string(pool->size),
        .evidence = evidence,
        .explanation = why + "a quota below the pool size drops lossless frames while the pool still has room.",
        .remediation = {bind_command(*b, b->pool, pool->size)},
    });
  }
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto& host = ctx.now;
  if (!host.shared_buffers.ok()) {
    r.skip("", "devlink shared buffer " +
                   model::describe_missing(host.shared_buffers.availability, host.shared_buffers.cause));
    return;
  }
  bool any_port = false;
  for (const auto& nd : host.netdevs) {
    const auto* device = model::sb_device_of_port(*host.shared_buffers, nd.name);
    if (!device) continue;
    any_port = true;
    if (!r.require(nd.dcb.pfc, nd.name, "dcb pfc (the lossless priorities)")) continue;
    const auto lossless = model::lossless_tcs(nd);
    if (lossless.empty()) {
      r.skip(nd.name, "no PFC-enabled priority: no lossless traffic to buffer");
      continue;
    }
    r.evaluated();
    for (const auto& l : lossless) {
      const Place at{*device, nd, l.priority};
      judge_ingress(at, l.ingress_pg, r);
      judge_egress(at, l.egress_tc, r);
    }
  }
  if (!any_port) r.skip("", "the devlink shared buffer binds no netdev of this host");
}

}  // namespace

engine::CheckInfo info_sb_lossless() {
  return {
      .id = kId,
      .title = "Switch shared buffer holds the lossless priorities",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::dcb_pfc},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "For switchdev ports with a devlink shared buffer (mlxsw Spectrum; `devlink sb`, live over the "
          "devlink netlink family or from `devlink sb pool/port pool/tc bind show` in a capture): for each "
          "PFC-enabled priority of the port (dcb pfc), its ingress priority group (dcb buffer prio2buffer) and "
          "egress traffic class (dcb ets prio_tc) are looked up in `devlink sb tc bind`. Critical: the PG is "
          "bound to a pool of size 0 (no shared buffer: the port pauses on every burst) or the TC to an egress "
          "pool of size 0. Warning: the PG has a static quota of 0 bytes; the TC is bound to a dynamic egress "
          "pool (mlxsw's default: the quota is alpha = 2^(threshold-10) of the free pool and frames beyond it "
          "are dropped at egress although PFC is on) or to a static pool with a quota below the pool size. "
          "Thresholds are bytes in static pools and alpha indices in dynamic ones. Fixes are `devlink sb tc "
          "bind set` (and `devlink sb pool set` where no pool has room). Skipped without devlink shared buffer "
          "data, without dcb pfc, or when no priority is PFC-enabled.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
