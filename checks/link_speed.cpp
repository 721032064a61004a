// LINK-SPEED: the link runs at the speed the profile expects (without one: as fast as its sibling
// rails of the same part), and the RDMA port's rate agrees with the netdev's speed. A slow link
// halves (or quarters) every collective and shifts the PFC headroom and ECN thresholds the rest of
// the configuration was sized for.
#include <algorithm>
#include <cmath>

#include "checks/link_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "LINK-SPEED";
constexpr double kMaxRateMismatch = 0.10;
// Below 10 Gb/s the IB rate encoding cannot express Ethernet speeds (1 Gb/s shows as 2.5 Gb/s SDR).
constexpr std::uint32_t kMinComparableMbps = 10000;

engine::Evidence speed_evidence(const model::NetDev& nd) {
  const auto& l = *nd.link;
  std::string v = std::to_string(*l.speed_mbps) + " Mb/s";
  if (l.lanes) v += ", " + std::to_string(*l.lanes) + (*l.lanes == 1 ? " lane" : " lanes");
  return config("speed", v, nd.link);
}

// What the two ends of a link advertise, where both are reported: the fastest speed both advertise
// (0: none in common).
struct Modes {
  bool known = false;
  std::uint32_t common = 0;
};

Modes modes_of(const model::LinkSettings& l) {
  Modes m;
  if (!l.advertised_speeds_mbps || !l.peer_advertised_speeds_mbps) return m;
  const auto& a = *l.advertised_speeds_mbps;
  const auto& b = *l.peer_advertised_speeds_mbps;
  m.known = !a.empty() && !b.empty();
  for (auto v : a)
    if (std::find(b.begin(), b.end(), v) != b.end()) m.common = std::max(m.common, v);
  return m;
}

bool advertises(const std::optional<std::vector<std::uint32_t>>& list, std::uint32_t mbps) {
  return list && std::find(list->begin(), list->end(), mbps) != list->end();
}

std::string speeds_text(const std::optional<std::vector<std::uint32_t>>& list) {
  if (!list) return "not reported";
  if (list->empty()) return "none with a speed";
  std::string out;
  for (auto v : *list) out += (out.empty() ? "" : ", ") + link::speed_text(v);
  return out;
}

void add_modes_evidence(const model::NetDev& nd, std::vector<engine::Evidence>& evidence) {
  const auto& l = *nd.link;
  evidence.push_back(config("advertised modes", speeds_text(l.advertised_speeds_mbps), nd.link));
  evidence.push_back(config("link partner advertised modes", speeds_text(l.peer_advertised_speeds_mbps), nd.link));
}

// Why the link is below `target` as far as the advertised modes tell, and what to do about it.
struct Cause {
  std::string text;
  std::vector<std::string> remediation;
};

Cause cause_below(const engine::PortView& p, std::uint32_t target) {
  const std::string dev = p.name();
  const auto& l = *p.netdev->link;
  const std::string set = "ethtool -s " + dev + " speed " + std::to_string(target) + " autoneg on";
  if (!l.advertised_speeds_mbps || !l.peer_advertised_speeds_mbps)
    return {
        "The modes the two ends advertise are not both reported (ethtool shows the supported, advertised and "
        "link partner modes; the switch port's are on the switch).",
        {"ethtool " + dev, "ethtool -m " + dev, set}};
  const bool ours = advertises(l.advertised_speeds_mbps, target),
             peer = advertises(l.peer_advertised_speeds_mbps, target);
  const Modes m = modes_of(l);
  if ((ours && peer) || m.common > target)
    return {"Both ends advertise " + link::speed_text(ours && peer ? target : m.common) +
                ": the link negotiated below what both ends support, so the cable or transceiver (or the "
                "negotiation itself) holds it back.",
            {set, "ethtool -m " + dev, "reseat or replace the cable or transceiver of " + dev}};
  if (!peer)
    return {"The link partner (the switch port) does not advertise " + link::speed_text(target) +
                ": the switch port limits the link; configure it for " + link::speed_text(target) + ".",
            {"configure the switch port of " + dev + " for " + link::speed_text(target) + " (speed, breakout)",
             "ethtool " + dev}};
  return {"This port does not advertise " + link::speed_text(target) +
              " (the link partner does): its advertised "
              "modes limit the link.",
          {set, "ethtool " + dev}};
}

// The part a rail is, as far as the model carries it: the driver, the RDMA device's hca_type (the
// name of its PCI device id: MT4129 is a ConnectX-7) and board_id (the PSID, one SKU). Empty when
// hca_type is unknown: the driver alone mixes adapter generations, so such a port has no siblings.
std::string part_of(const engine::PortView& p) {
  if (!p.device || !p.device->hca_type.ok() || p.device->hca_type->empty()) return {};
  return p.driver() + "/" + *p.device->hca_type + "/" + (p.device->board_id.ok() ? *p.device->board_id : "");
}

// A rail's siblings: the other ports of the same part whose link is up at a known speed.
struct Siblings {
  std::size_t count = 0;
  std::uint32_t fastest = 0;
  std::vector<const engine::PortView*> at_fastest;
};

Siblings siblings_of(const engine::Context& ctx, const engine::PortView& p, const std::string& part) {
  Siblings s;
  if (part.empty()) return s;
  for (const auto& q : ctx.ports()) {
    if (&q == &p || part_of(q) != part || !link::down_reason(q).empty() || !q.netdev->link.ok() ||
        !q.netdev->link->speed_mbps)
      continue;
    ++s.count;
    const std::uint32_t speed = *q.netdev->link->speed_mbps;
    if (speed > s.fastest) s.at_fastest.clear(), s.fastest = speed;
    if (speed == s.fastest) s.at_fastest.push_back(&q);
  }
  return s;
}

void report_slower_than_siblings(const engine::PortView& p, std::uint32_t speed, const Siblings& s,
                                 engine::Reporter& r) {
  const std::string dev = p.name();
  const std::string hca = *p.device->hca_type;
  const std::string who =
      s.at_fastest.size() == s.count
          ? "its " + std::to_string(s.count) + " sibling " + (s.count == 1 ? "rail" : "rails")
          : std::to_string(s.at_fastest.size()) + " of its " + std::to_string(s.count) + " sibling rails";
  std::vector<engine::Evidence> evidence = {speed_evidence(*p.netdev), config("hca_type", hca, p.device->hca_type)};
  add_modes_evidence(*p.netdev, evidence);
  Cause cause = cause_below(p, s.fastest);
  for (const auto* q : s.at_fastest) {
    engine::Evidence e = speed_evidence(*q->netdev);
    e.name = "speed of " + q->name();
    evidence.push_back(std::move(e));
  }
  r.finding({
      .severity = engine::Severity::warning,
      .subject = p.subject(),
      .title = "link runs at " + link::speed_text(speed) + ", " + who + " (" + hca + ", same part) at " +
               link::speed_text(s.fastest),
      .evidence = std::move(evidence),
      .explanation =
          "Rails of the same adapter part are built to run at the same speed: one that negotiated lower carries "
          "a fraction of its share, and every collective across the rails waits for it; its PFC headroom and ECN "
          "thresholds were sized for the faster speed. The part runs at the higher speed on its siblings, so "
          "the limit is this rail's cable, transceiver or switch port, or an advertised-mode restriction on "
          "either end. " +
          cause.text + " A profile with link.expected_speed_gbps judges against that speed instead.",
      .remediation = std::move(cause.remediation),
  });
}

// A link below the fastest speed both of its ends advertise, judged on its own (no profile speed,
// no sibling rail).
void report_below_common_modes(const engine::PortView& p, std::uint32_t speed, const Modes& m, engine::Reporter& r) {
  std::vector<engine::Evidence> evidence = {speed_evidence(*p.netdev)};
  add_modes_evidence(*p.netdev, evidence);
  Cause cause = cause_below(p, m.common);
  r.finding({
      .severity = engine::Severity::warning,
      .subject = p.subject(),
      .title = "link runs at " + link::speed_text(speed) + ", both ends advertise " + link::speed_text(m.common),
      .evidence = std::move(evidence),
      .explanation = "The port and its link partner both advertise a faster mode than the one the link runs at: "
                     "bandwidth drops in proportion, and PFC headroom and ECN thresholds sized for the faster "
                     "speed no longer match. " +
                     cause.text,
      .remediation = std::move(cause.remediation),
  });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double tolerance = ctx.profile.threshold(kId, "max_rate_mismatch", kMaxRateMismatch);
  const auto expected = ctx.profile.expected_speed_mbps;
  for (const auto& p : ctx.ports()) {
    const std::string dev = p.name();
    if (auto down = link::down_reason(p); !down.empty()) {
      r.skip(dev, "link is down (" + down + "): LINK-STATE reports it");
      continue;
    }
    if (!r.require(p.netdev->link, dev, "link settings")) continue;
    if (!p.netdev->link->speed_mbps) {
      r.skip(dev, "link speed unknown (ethtool reports no speed)");
      continue;
    }
    const std::uint32_t speed = *p.netdev->link->speed_mbps;
    const bool has_rate = p.port && p.port->rate_gbps.ok();
    const Siblings siblings = expected ? Siblings{} : siblings_of(ctx, p, part_of(p));
    const Modes modes = modes_of(*p.netdev->link);
    if (!expected && !has_rate && siblings.count == 0 && !modes.known) {
      r.skip(dev,
             "no link.expected_speed_gbps in the profile and no RDMA port rate to compare with, nor a sibling rail "
             "of the same part, nor the modes both ends advertise");
      continue;
    }
    r.evaluated();

    if (!expected && speed < siblings.fastest)
      report_slower_than_siblings(p, speed, siblings, r);
    else if (!expected && siblings.count == 0 && modes.known && speed < modes.common)
      report_below_common_modes(p, speed, modes, r);

    if (expected && speed < *expected) {
      r.finding({
          .severity = engine::Severity::warning,
          .subject = p.subject(),
          .title = "link runs at " + link::speed_text(speed) + ", profile expects " + link::speed_text(*expected),
          .evidence = {speed_evidence(*p.netdev),
                       {"link.expected_speed_gbps",
                        link::num(*expected / 1000.0),
                        std::nullopt,
                        std::nullopt,
                        false,
                        {"profile", ctx.profile.file.empty() ? ctx.profile.name : ctx.profile.file}}},
          .explanation =
              "The link negotiated (or was forced to) a lower speed than the fabric is built for: bandwidth drops in "
              "proportion, and PFC headroom, ECN thresholds and buffer sizes tuned for the expected speed no longer "
              "match. Usual causes: a lower-rate cable or transceiver, a switch port configured slower, or "
              "autonegotiation settling on a common lower mode; ethtool shows the supported, advertised and link "
              "partner modes.",
          .remediation = {"ethtool " + dev, "ethtool -m " + dev,
                          "ethtool -s " + dev + " autoneg on speed " + std::to_string(*expected) + " duplex full"},
      });
    }

    if (has_rate && speed >= kMinComparableMbps) {
      const double rate_mbps = *p.port->rate_gbps * 1000;
      const double hi = std::max(rate_mbps, static_cast<double>(speed));
      if (std::abs(rate_mbps - speed) > tolerance * hi) {
        const std::string where = p.device->name + "/" + std::to_string(p.port->number);
        r.finding({
            .severity = engine::Severity::warning,
            .subject = p.subject(),
            .title = "RDMA port " + where + " rate " + link::num(*p.port->rate_gbps) +
                     " Gb/s disagrees with netdev speed " + link::speed_text(speed),
            .evidence = {config("rate", p.port->rate.ok() ? *p.port->rate : link::num(*p.port->rate_gbps) + " Gb/sec",
                                p.port->rate_gbps),
                         speed_evidence(*p.netdev)},
            .explanation =
                "The RDMA stack's view of the link (what rdma_cm puts in path records and what NCCL and perftest "
                "report) differs from the Ethernet link's. Either the link renegotiated between the two reads (look "
                "for LINK-FLAP), or the driver maps the operating mode to a different IB speed and width; RDMA "
                "rate limiting and path selection then use the wrong rate.",
            .remediation = {"cat /sys/class/infiniband/" + p.device->name + "/ports/" + std::to_string(p.port->number) +
                                "/rate",
                            "ethtool " + dev},
        });
      }
    }
  }
}

}  // namespace

engine::CheckInfo info_link_speed() {
  return {
      .id = kId,
      .title = "Link at the expected speed; RDMA rate agrees",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::link_settings},
      .profile_keys = {"link.expected_speed_gbps"},
      .thresholds = {{"max_rate_mismatch", kMaxRateMismatch,
                      "relative difference allowed between the RDMA port rate and the netdev speed"}},
      .explained_by = {"LINK-STATE"},
      .doc =
          "Compares the netdev link speed (ethtool) with the profile's link.expected_speed_gbps (warning when "
          "lower) or, when the profile sets none, with its sibling rails: the other ports of the same part "
          "(driver, RDMA hca_type and board_id; warning when it is slower than the fastest of them that is "
          "up), and with the RDMA port's sysfs rate (warning when they differ by more than 10%, from 10 Gb/s "
          "up: below that the IB rate encoding cannot express Ethernet speeds). Without an expected speed and "
          "without siblings, a link below the fastest mode both ends advertise (ethtool's advertised and link "
          "partner modes) is a warning on its own. A slow link's finding says what the two ends advertise: "
          "both the faster speed (the cable, transceiver or negotiation holds it back), the partner not (the "
          "switch port limits it), or this port not (its advertisement does). A port that is down is "
          "skipped: LINK-STATE reports it, and it is no sibling. Without an expected speed, a sibling, the "
          "modes of both ends and an RDMA rate the port is skipped.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
