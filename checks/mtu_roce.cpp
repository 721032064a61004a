// MTU-ROCE: the netdev MTU is large enough for RoCE's 4096-byte payload MTU, the RDMA port's
// active MTU is 4096, and the peer does not send frames larger than this port accepts.
#include "checks/link_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "MTU-ROCE";
constexpr std::uint32_t kRoceMtu = 4096;
// The RoCE headers the kernel subtracts from the netdev MTU (iboe_get_mtu: GRH 40 + BTH 12 + 28
// for the largest extended header) before picking the largest IB MTU that fits.
constexpr std::uint32_t kRoceHeaders = 80;
constexpr double kMaxOversize = 0;

std::uint32_t roce_mtu_for(std::uint32_t netdev_mtu) {
  const std::uint32_t room = netdev_mtu > kRoceHeaders ? netdev_mtu - kRoceHeaders : 0;
  for (std::uint32_t m = kRoceMtu; m >= 256; m /= 2)
    if (room >= m) return m;
  return 0;
}

// Without the netdev MTU the RDMA port's active MTU still says what RoCE runs at.
void judge_active_mtu_alone(const engine::PortView& p, const model::Field<std::uint32_t>& active,
                            const model::Field<std::uint32_t>* max, engine::Reporter& r) {
  r.evaluated();
  if (*active >= kRoceMtu) return;
  std::vector<engine::Evidence> evidence = {config("active_mtu", std::to_string(*active), active)};
  if (max) evidence.push_back(config("max_mtu", std::to_string(**max), *max));
  const bool device_limit = max && **max < kRoceMtu;
  std::vector<std::string> remediation = {"ibv_devinfo -d " + p.device->name + " -i " + std::to_string(p.port->number)};
  if (!p.netdev->name.empty()) remediation.push_back("ip link show dev " + p.netdev->name);
  r.finding({
      .severity = engine::Severity::warning,
      .subject = p.subject(),
      .title = "RDMA active MTU " + std::to_string(*active) + " below " + std::to_string(kRoceMtu) +
               (p.netdev->name.empty() ? " (its netdev unknown)" : " (netdev MTU not known)"),
      .evidence = std::move(evidence),
      .explanation = device_limit
                         ? "The RDMA device itself supports at most " + std::to_string(**max) +
                               "-byte RoCE packets: every message is cut into smaller packets."
                         : "RoCE packets on this port carry at most " + std::to_string(*active) +
                               " bytes of payload: more packets and headers per message, lower throughput, and a "
                               "mismatch with peers at 4096. The active MTU follows the netdev MTU (minus 80 bytes "
                               "of RoCE headers), which this input does not hold: it is most likely below 4176.",
      .remediation = std::move(remediation),
  });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double max_oversize = ctx.profile.threshold(kId, "max_oversize_frames", kMaxOversize);
  const std::uint32_t min_mtu = ctx.profile.min_mtu;
  for (const auto& p : ctx.ports()) {
    const std::string dev = p.name();
    const auto* active = p.port && p.port->active_mtu.ok() ? &p.port->active_mtu : nullptr;
    const auto* max = p.port && p.port->max_mtu.ok() ? &p.port->max_mtu : nullptr;
    if (!p.netdev->mtu.ok() && active) {
      judge_active_mtu_alone(p, *active, max, r);
      continue;
    }
    if (!r.require(p.netdev->mtu, dev, "netdev MTU")) continue;
    r.evaluated();
    const std::uint32_t mtu = *p.netdev->mtu;
    const std::string set_mtu = "ip link set dev " + dev + " mtu " + std::to_string(min_mtu);

    if (mtu < min_mtu) {
      const std::uint32_t roce = active ? **active : roce_mtu_for(mtu);
      std::vector<engine::Evidence> evidence = {config("mtu", std::to_string(mtu), p.netdev->mtu)};
      if (active) evidence.push_back(config("active_mtu", std::to_string(**active), *active));
      r.finding({
          .severity = engine::Severity::warning,
          .subject = p.subject(),
          .title = "MTU " + std::to_string(mtu) + " below " + std::to_string(min_mtu) + ": RoCE active MTU " +
                   std::to_string(roce) + (active ? "" : " (derived)"),
          .evidence = std::move(evidence),
          .explanation =
              "RoCE's path MTU is the largest IB MTU (256..4096) that fits in the netdev MTU minus 80 bytes of RoCE "
              "headers, so " +
              std::to_string(mtu) + " gives " + std::to_string(roce_mtu_for(mtu)) +
              "-byte RDMA packets: more packets and headers per message, lower throughput, and a mismatch with "
              "peers at 4096 (the path MTU is the smaller of the two). The switch ports must carry the larger MTU "
              "too.",
          .remediation = {set_mtu},
      });
    } else if (active && **active < kRoceMtu) {
      std::vector<engine::Evidence> evidence = {config("active_mtu", std::to_string(**active), *active)};
      if (max) evidence.push_back(config("max_mtu", std::to_string(**max), *max));
      evidence.push_back(config("mtu", std::to_string(mtu), p.netdev->mtu));
      const bool device_limit = max && **max < kRoceMtu;
      std::vector<std::string> remediation = {"ibv_devinfo -d " + p.device->name + " -i " +
                                              std::to_string(p.port->number)};
      if (!device_limit) remediation.push_back(set_mtu);
      r.finding({
          .severity = engine::Severity::warning,
          .subject = p.subject(),
          .title = "RDMA active MTU " + std::to_string(**active) + " below " + std::to_string(kRoceMtu) +
                   " with netdev MTU " + std::to_string(mtu),
          .evidence = std::move(evidence),
          .explanation = device_limit
                             ? "The RDMA device itself supports at most " + std::to_string(**max) +
                                   "-byte RoCE packets: every message is cut into smaller packets."
                             : "The netdev MTU allows 4096-byte RoCE packets but the RDMA port reports a smaller "
                               "active MTU: the MTU was changed while the port did not follow, or the value was read "
                               "before the change. Queue pairs created now use the smaller MTU.",
          .remediation = std::move(remediation),
      });
    }

    if (auto over = ctx.rate(p, "port.rx_oversize");
        over && over->delta > 0 && static_cast<double>(over->delta) > max_oversize) {
      std::vector<engine::Evidence> evidence = {over->evidence()};
      if (auto range = ctx.rate(p, "port.rx_out_of_range_len"); range && range->delta > 0)
        evidence.push_back(range->evidence());
      evidence.push_back(config("mtu", std::to_string(mtu), p.netdev->mtu));
      r.finding({
          .severity = engine::Severity::warning,
          .subject = p.subject(),
          .title = std::to_string(over->delta) + " oversize frames received in " + link::num(ctx.dt_seconds, 0) +
                   " s: the peer's MTU is larger than " + std::to_string(mtu),
          .evidence = std::move(evidence),
          .explanation =
              "The link partner sends frames longer than this port accepts, and they are dropped: for RoCE that is "
              "lost packets and retransmission. Both ends of the link (and the whole path) need the same MTU: raise "
              "this netdev's MTU to the peer's, or lower the switch port's.",
          .remediation = {"ip link show dev " + dev, "ethtool -S " + dev + " | grep -E 'oversize|out_of_range'"},
      });
    }
  }
}

}  // namespace

engine::CheckInfo info_mtu_roce() {
  return {
      .id = kId,
      .title = "MTU fits RoCE 4096",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::mtu},
      .profile_keys = {"link.min_mtu"},
      .thresholds = {{"max_oversize_frames", kMaxOversize, "oversize frames allowed in the window"}},
      .explained_by = {},
      .doc =
          "Warns when the netdev MTU is below the profile's link.min_mtu (4200: RoCE needs 4096 + 80 bytes of "
          "headers for a 4096 active MTU), when the RDMA port's active MTU (verbs) is below 4096 although the "
          "netdev MTU is large enough, and, over two samples, when oversize frames arrive "
          "(Δrx_oversize_pkts_phy > 0: the peer's MTU is larger). Without the netdev MTU (a capture of `ibv_devinfo "
          "-v` "
          "alone) an active MTU below 4096 is still a warning. Remediation: ip link set dev X mtu <min_mtu>.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
