// BUF-HEADROOM: each lossless receive buffer is at least as large as the headroom its link needs:
// the bytes still arriving after XOFF (cable round trip at link speed, the peer's response, frames
// in flight) plus, on mlx5, max MTU and one cell. The math is in src/physics/headroom.hpp.
#include "checks/common.hpp"
#include "checks/fix_commands.hpp"
#include "physics/headroom.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "BUF-HEADROOM";
// Without the netdev MTU, the smallest one RoCE runs on: the kernel picks the largest IB MTU
// (256..4096) that fits in the netdev MTU minus 80 bytes of RoCE headers (iboe_get_mtu), and 256 is
// the smallest IB MTU. A buffer too small at this MTU is too small at any.
constexpr std::uint32_t kSmallestRoceMtu = 256 + 80;

struct Cable {
  std::uint32_t metres;
  engine::Evidence evidence;
};

// The real cable length, best source first: the profile, the module, mlx5's PFC delay, the default.
Cable cable_of(const engine::Context& ctx, const engine::PortView& p) {
  const auto& nd = *p.netdev;
  if (ctx.profile.cable_length_m)
    return {*ctx.profile.cable_length_m,
            {"profile link.cable_length_m",
             std::to_string(*ctx.profile.cable_length_m) + " m",
             {},
             {},
             false,
             {"profile", ctx.profile.file}}};
  if (nd.module_cable_m.ok())
    return {*nd.module_cable_m,
            config("module cable length", std::to_string(*nd.module_cable_m) + " m", nd.module_cable_m)};
  if (is_mlx5(p) && nd.dcb.pfc.ok() && nd.dcb.pfc->delay > 0)
    return {nd.dcb.pfc->delay,
            config("dcb pfc delay (mlx5 cable length)", std::to_string(nd.dcb.pfc->delay) + " m", nd.dcb.pfc)};
  return {physics::kMlx5DefaultCableM, {"cable length", "7 m (mlx5 default; unknown)", {}, {}, false, {}}};
}

std::optional<std::uint32_t> speed_of(const engine::PortView& p, engine::Evidence& ev) {
  const auto& link = p.netdev->link;
  if (link.ok() && link->speed_mbps) {
    ev = config("link speed", std::to_string(*link->speed_mbps) + " Mb/s", link);
    return link->speed_mbps;
  }
  if (p.port && p.port->rate_gbps.ok()) {
    auto mbps = static_cast<std::uint32_t>(*p.port->rate_gbps * 1000);
    ev =
        config("rdma port rate", p.port->rate.ok() ? *p.port->rate : std::to_string(mbps) + " Mb/s", p.port->rate_gbps);
    return mbps;
  }
  return std::nullopt;
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const auto& nd = *p.netdev;
    if (!r.require(nd.dcb.buffer, p.name(), "dcb buffer") || !r.require(nd.dcb.pfc, p.name(), "dcb pfc")) continue;
    const bool mtu_known = nd.mtu.ok();
    const std::uint32_t mtu = mtu_known ? *nd.mtu : kSmallestRoceMtu;
    const engine::Evidence mtu_ev =
        mtu_known ? config("mtu", std::to_string(mtu), nd.mtu)
                  : engine::Evidence{"mtu",
                                     std::to_string(mtu) + " (unknown: " + model::describe_missing(nd.mtu) +
                                         "; the smallest RoCE runs on, 256-byte RoCE MTU + 80 B of headers)",
                                     {},
                                     {},
                                     false,
                                     {}};
    engine::Evidence speed_ev;
    auto speed = speed_of(p, speed_ev);
    if (!speed && !is_mlx5(p)) {
      r.skip(p.name(), "link speed unknown (ethtool link settings and RDMA rate missing)");
      continue;
    }
    if (!speed)  // mlx5 floors the speed at 40G: its minimum holds at any speed
      speed_ev = {"link speed", "unknown (ethtool link settings and RDMA rate missing): mlx5's floor of 40000 Mb/s",
                  {},           {},
                  false,        {}};
    const Cable cable = cable_of(ctx, p);
    std::uint32_t required = 0;
    std::string formula;
    if (is_mlx5(p)) {
      required = physics::mlx5_min_lossless_buffer(speed, cable.metres, mtu);
      formula = "mlx5: xoff " + std::to_string(physics::mlx5_xoff_bytes(speed, cable.metres, mtu)) +
                " B + max MTU 9216 B + cell 128 B";
    } else if (auto ieee = physics::ieee_headroom_bytes(*speed, cable.metres, mtu)) {
      required = *ieee;
      formula = "IEEE 802.1Qbb estimate (cable round trip + peer response + 2 MTU + PFC frame)";
    } else {
      r.skip(p.name(), "no headroom formula for this driver at " + std::to_string(*speed) + " Mb/s");
      continue;
    }
    r.evaluated();
    const auto& buf = *nd.dcb.buffer;
    for (int b = 0; b < 8; ++b) {
      bool lossless = false;
      for (int prio = 0; prio < model::kPriorities; ++prio)
        lossless |= buf.prio2buffer[prio] == b && nd.dcb.pfc->enabled(prio);
      if (!lossless || buf.buffer_size[b] >= required) continue;
      std::vector<std::string> remediation;
      if (is_mlx5(p) && !ctx.profile.cable_length_m && !nd.module_cable_m.ok())
        remediation.push_back(
            qos_fix(ctx, p, "--cable_len <cable metres>", "dcb pfc set dev " + nd.name + " delay <cable metres>"));
      auto sizes = buf.buffer_size;
      sizes[b] = required;
      remediation.push_back(qos_fix(
          ctx, p, "--buffer_size " + comma_list(sizes),
          "dcb buffer set dev " + nd.name + " buffer-size " + std::to_string(b) + ":" + std::to_string(required)));
      remediation.push_back("roce-doctor tune");
      r.finding({
          .severity = engine::Severity::critical,
          .subject = p.buffer_subject(b),
          .title = "lossless buffer " + std::to_string(b) + " is " + bytes_text(buf.buffer_size[b]) + ", needs " +
                   (mtu_known ? "" : "at least ") + bytes_text(required) +
                   (mtu_known ? "" : " (MTU unknown: the smallest RoCE MTU assumed)"),
          .evidence = {config("dcb buffer buffer-size[" + std::to_string(b) + "]", std::to_string(buf.buffer_size[b]),
                              nd.dcb.buffer),
                       config("dcb buffer prio-buffer", model::prio_buffer_text(buf.prio2buffer), nd.dcb.buffer),
                       config("dcb pfc prio-pfc", model::prio_pfc_text(nd.dcb.pfc->pfc_en), nd.dcb.pfc),
                       speed_ev,
                       cable.evidence,
                       mtu_ev,
                       {"required buffer", std::to_string(required) + " B (" + formula + ")", {}, {}, false, {}}},
          .explanation =
              "After the NIC sends XOFF, the peer keeps transmitting until the pause reaches it and it "
              "stops: the cable round trip at link speed, its response time and the frames already in flight. "
              "A lossless buffer smaller than that headroom overflows before the pause takes effect, so "
              "packets are dropped despite PFC (rx_prioN_discards / rx_discards_phy rise while tx_prioN_pause "
              "rises too).",
          .remediation = std::move(remediation),
      });
    }
  }
}

}  // namespace

engine::CheckInfo info_buf_headroom() {
  return {
      .id = kId,
      .title = "Lossless buffer holds the headroom the link needs",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::dcb_buffer, engine::Need::dcb_pfc},
      .profile_keys = {"link.cable_length_m"},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "For every receive buffer that a PFC-enabled priority maps to (dcb buffer prio-buffer), "
          "compares its size with the headroom the link needs. On mlx5 this is the kernel's own minimum "
          "(port_buffer.c): xoff = (301 + 2.16 x cable m) x speed Gb/s + 2.72 x MTU, plus max MTU 9216 "
          "and a 128 B cell; elsewhere the IEEE 802.1Qbb estimate. Cable length comes from the profile, "
          "the module, or mlx5's PFC delay (default 7 m). Without the netdev MTU the smallest one RoCE runs on is "
          "used (336: a 256-byte RoCE MTU plus 80 bytes of headers), so only a buffer too small at any MTU is "
          "flagged, and the finding says so; on mlx5 an unknown speed is the driver's floor of 40 Gb/s.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
