// ECN-RED: on a switch port (mlxsw, or any netdev with tc RED), the queue of each ECN priority has an
// offloaded RED qdisc that marks ECN instead of dropping, with thresholds in sane bounds. A host NIC
// runs RoCE in hardware below the qdisc layer and does not use tc RED: it is skipped.
#include <algorithm>

#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "ECN-RED";
constexpr double kMinFloorBytes = 5000;        // DCQCN paper Kmin (5 KB)
constexpr double kMinMaxUs = 100;              // min threshold: at most 100 us of queue at line rate...
constexpr double kMinMaxFloorBytes = 1 << 20;  // ...but never flagged at or below SONiC's 1 MiB
constexpr double kMaxMaxUs = 200;              // max threshold: at most 200 us of queue at line rate...
constexpr double kMaxMaxFloorBytes = 2 << 20;  // ...but never flagged at or below SONiC's 2 MiB
constexpr double kMinProbability = 0.01;       // DCQCN paper Pmax (1%)
// What the remediation proposes for out-of-bounds values: NVIDIA Spectrum RoCE defaults, SONiC's 5%.
constexpr std::uint32_t kSuggestMin = 150000, kSuggestMax = 1500000;
constexpr double kSuggestProbability = 0.05;

bool is_switch_driver(const std::string& driver) { return driver.starts_with("mlxsw"); }

std::string qdisc_summary(const std::vector<model::Qdisc>& qdiscs) {
  std::string s;
  for (const auto& q : qdiscs) {
    s += (s.empty() ? "" : "; ") + q.kind + " " + model::tc_handle_text(q.handle) + " parent " +
         model::tc_handle_text(q.parent);
    if (!q.priomap.empty()) {
      s += " priomap";
      for (std::size_t i = 0; i < std::min<std::size_t>(q.priomap.size(), model::kPriorities); ++i)
        s += " " + std::to_string(q.priomap[i]);
    }
  }
  return s.empty() ? "(none)" : s;
}

std::string red_text(const model::Qdisc& q) {
  const auto& r = *q.red;
  std::string s =
      "limit " + std::to_string(r.limit) + " min " + std::to_string(r.qth_min) + " max " + std::to_string(r.qth_max);
  if (r.max_p) s += " probability " + model::probability_text(*r.max_p / 4294967296.0);
  s += r.ecn() ? " ecn" : " (no ecn)";
  if (r.flags & 2) s += " harddrop";
  s += q.offloaded ? " in_hw" : " (not offloaded)";
  return s;
}

std::string red_command(const std::string& dev, std::uint32_t parent, const model::Qdisc* existing, std::uint32_t limit,
                        std::uint32_t min, std::uint32_t max, double probability) {
  std::string cmd = "tc qdisc replace dev " + dev + " " + model::tc_parent_text(parent);
  if (existing) cmd += " handle " + model::tc_handle_text(existing->handle);
  return cmd + " red limit " + std::to_string(limit) + " min " + std::to_string(min) + " max " + std::to_string(max) +
         " avpkt 1000 probability " + model::probability_text(probability) + " ecn";
}

struct Bounds {
  double min_floor, min_ceiling, max_ceiling, min_probability;
};

struct Port {
  const model::NetDev* nd;
  engine::Subject subject;
};

void judge(const engine::Context& ctx, const Port& port, const Bounds& b, bool switch_port, engine::Reporter& r) {
  const auto& nd = *port.nd;
  const auto& qdiscs = *nd.qdiscs;
  for (int prio : ctx.profile.ecn_priorities) {
    const model::PrioQueue queue = model::queue_for_priority(qdiscs, prio);
    engine::Subject subject = port.subject;
    subject.priority = prio;
    std::vector<engine::Evidence> evidence = {config("tc qdisc show", qdisc_summary(qdiscs), nd.qdiscs)};
    const std::string p = std::to_string(prio);
    if (!queue.red) {
      std::uint32_t parent = queue.parent.value_or(0x10000u | static_cast<std::uint32_t>(8 - prio));
      std::vector<std::string> remediation;
      if (!queue.parent)
        remediation.push_back("tc qdisc replace dev " + nd.name +
                              " root handle 1: ets bands 8 strict 8 priomap 7 6 5 4 3 2 1 0");
      remediation.push_back(
          red_command(nd.name, parent, nullptr, 2 * kSuggestMax, kSuggestMin, kSuggestMax, kSuggestProbability));
      r.finding({
          .severity = engine::Severity::critical,
          .subject = std::move(subject),
          .title = "no RED qdisc on the queue of priority " + p + ": the switch never marks ECN there",
          .evidence = std::move(evidence),
          .explanation = "DCQCN starts at the switch: a queue building up must mark CE on RoCE packets so that the "
                         "receiver sends CNPs and the sender slows down. Without RED/ECN on the lossless queue nothing "
                         "is marked, congestion is left to PFC alone and pauses spread through the fabric.",
          .remediation = std::move(remediation),
      });
      continue;
    }
    const auto& q = *queue.red;
    const auto& red = *q.red;
    evidence.push_back(config("tc red " + model::tc_handle_text(q.handle), red_text(q), nd.qdiscs));
    const double probability = red.max_p ? *red.max_p / 4294967296.0 : kSuggestProbability;
    if (!red.ecn() || (switch_port && !q.offloaded)) {
      const bool no_ecn = !red.ecn();
      r.finding({
          .severity = engine::Severity::critical,
          .subject = std::move(subject),
          .title = no_ecn ? "RED on priority " + p + "'s queue drops instead of marking ECN (no ecn flag)"
                          : "RED on priority " + p + "'s queue is not offloaded to the switch",
          .evidence = std::move(evidence),
          .explanation =
              no_ecn ? "Without the ecn flag RED drops packets early instead of setting CE: RoCE loses packets on "
                       "its lossless queue (go-back-N retransmission) and DCQCN never hears of the congestion."
                     : "The kernel reports the RED qdisc as not in hardware (TCA_HW_OFFLOAD 0): the ASIC forwards "
                       "RoCE without it, so no packet is marked. mlxsw refuses the offload when the parameters are "
                       "out of its range or the parent is not offloaded; dmesg and tc's extack say why.",
          .remediation = {red_command(nd.name, *queue.parent, &q, red.limit, red.qth_min, red.qth_max, probability)},
      });
      continue;
    }
    std::vector<std::string> problems;
    const double min = red.qth_min, max = red.qth_max;
    if (min < b.min_floor) problems.push_back("min " + bytes_text(min) + " below " + bytes_text(b.min_floor));
    if (min > b.min_ceiling) problems.push_back("min " + bytes_text(min) + " above " + bytes_text(b.min_ceiling));
    if (max <= min)
      problems.push_back("max " + std::to_string(red.qth_max) + " not above min");
    else if (max > b.max_ceiling)
      problems.push_back("max " + bytes_text(max) + " above " + bytes_text(b.max_ceiling));
    if (red.max_p && probability < b.min_probability)
      problems.push_back("probability " + percent_text(probability) + " below " + percent_text(b.min_probability));
    if (problems.empty()) continue;
    std::string title = "RED on priority " + p + "'s queue out of bounds:";
    for (std::size_t i = 0; i < problems.size(); ++i) title += (i ? ", " : " ") + problems[i];
    const bool min_ok = min >= b.min_floor && min <= b.min_ceiling;
    std::uint32_t new_min = min_ok ? red.qth_min : kSuggestMin;
    std::uint32_t new_max = max > new_min && max <= b.max_ceiling ? red.qth_max : kSuggestMax;
    if (new_max <= new_min) new_max = static_cast<std::uint32_t>(b.max_ceiling);
    const double new_p = red.max_p && probability >= b.min_probability ? probability : kSuggestProbability;
    r.finding({
        .severity = engine::Severity::warning,
        .subject = std::move(subject),
        .title = std::move(title),
        .evidence = std::move(evidence),
        .explanation =
            "A min threshold too low marks on the first few frames of any burst and throttles RoCE below line "
            "rate; too high, or a max threshold far beyond it, lets the queue grow until PFC pauses before "
            "DCQCN reacts; a tiny marking probability sends too few CNPs to slow the senders down in time.",
        .remediation = {red_command(nd.name, *queue.parent, &q, std::max(red.limit, 2 * new_max), new_min, new_max,
                                    new_p)},
    });
  }
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  std::vector<Port> ports;
  for (const auto& p : ctx.ports()) ports.push_back({p.netdev, p.subject()});
  // Switch ports with RED that are not RoCE ports of this host (a host that also has RDMA devices).
  for (const auto& nd : ctx.now.netdevs) {
    bool listed = std::any_of(ports.begin(), ports.end(), [&](const Port& p) { return p.nd == &nd; });
    if (listed || !nd.qdiscs.ok() || !model::has_red(*nd.qdiscs)) continue;
    engine::Subject subject;
    subject.netdev = nd.name;
    ports.push_back({&nd, subject});
  }
  const double min_floor = ctx.profile.threshold(kId, "min_threshold_floor_bytes", kMinFloorBytes);
  const double min_us = ctx.profile.threshold(kId, "min_threshold_max_us", kMinMaxUs);
  const double max_us = ctx.profile.threshold(kId, "max_threshold_max_us", kMaxMaxUs);
  const double min_prob = ctx.profile.threshold(kId, "min_probability", kMinProbability);
  for (const auto& port : ports) {
    const auto& nd = *port.nd;
    const std::string driver = nd.driver.ok() ? nd.driver->driver : "";
    const bool switch_port = is_switch_driver(driver);
    if (!switch_port && (!nd.qdiscs.ok() || !model::has_red(*nd.qdiscs))) {
      r.skip(nd.name, "host NIC (" + (driver.empty() ? std::string("driver unknown") : driver) +
                          ") with no RED qdisc: ECN marking is the switch's job, a host NIC does not use tc RED");
      continue;
    }
    if (!r.require(nd.qdiscs, nd.name, "tc qdiscs")) continue;
    r.evaluated();
    // Bounds scale with the link: bytes a line-rate queue drains in the given time.
    const double bytes_per_us = nd.link.ok() && nd.link->speed_mbps ? *nd.link->speed_mbps / 8.0 : 0;
    const Bounds b{min_floor, std::max(kMinMaxFloorBytes, min_us * bytes_per_us),
                   std::max(kMaxMaxFloorBytes, max_us * bytes_per_us), min_prob};
    judge(ctx, port, b, switch_port, r);
  }
}

}  // namespace

engine::CheckInfo info_ecn_red() {
  return {
      .id = kId,
      .title = "Switch queues mark ECN on the lossless priority",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::qdiscs},
      .profile_keys = {"ecn.priorities"},
      .thresholds = {{"min_threshold_floor_bytes", kMinFloorBytes, "smallest RED min threshold (bytes)"},
                     {"min_threshold_max_us", kMinMaxUs,
                      "largest RED min threshold, in microseconds of queue at link speed (never below 1 MiB)"},
                     {"max_threshold_max_us", kMaxMaxUs,
                      "largest RED max threshold, in microseconds of queue at link speed (never below 2 MiB)"},
                     {"min_probability", kMinProbability, "smallest RED marking probability at max"}},
      .explained_by = {},
      .doc =
          "For switch ports (mlxsw, or any netdev with tc RED qdiscs): finds the queue of each ECN "
          "priority through the root ETS/PRIO priomap (band b is class major:b+1, or a root RED for the "
          "whole port). Critical: no RED there, RED without the ecn flag (drops instead of marking), or "
          "on mlxsw not offloaded. Warning: min below 5 KB (DCQCN paper Kmin) or above 100 us of queue at "
          "link speed (at least 1 MiB, SONiC's min), max not above min or above 200 us of queue (at least "
          "2 MiB, SONiC's max; NVIDIA's 150 KB/1500 KB fits from 40G), probability below 1% (DCQCN "
          "paper). Host NICs without RED are skipped: RoCE runs below the qdisc layer there.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
