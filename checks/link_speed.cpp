// LINK-SPEED: the link runs at the speed the profile expects, and the RDMA port's rate agrees with
// the netdev's speed. A slow link halves (or quarters) every collective and shifts the PFC
// headroom and ECN thresholds the rest of the configuration was sized for.
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
    if (!expected && !has_rate) {
      r.skip(dev, "no link.expected_speed_gbps in the profile and no RDMA port rate to compare with");
      continue;
    }
    r.evaluated();

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
          "lower) and with the RDMA port's sysfs rate (warning when they differ by more than 10%, from 10 Gb/s "
          "up: below that the IB rate encoding cannot express Ethernet speeds). A port that is down is "
          "skipped: LINK-STATE reports it. Without an expected speed and an RDMA rate the port is skipped. The "
          "modes a port supports are not collected, so a link below its own maximum is found only through "
          "the profile's expected speed.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
