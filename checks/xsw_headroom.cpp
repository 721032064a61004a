// XSW-HEADROOM: the switch's lossless PG headroom holds what its cable and speed need, the
// profile bound is the one for the port's speed and CABLE_LENGTH, and the host and the switch
// size headroom for the same cable length. The physics is src/physics/headroom.hpp.
#include <algorithm>

#include "checks/common.hpp"
#include "checks/fix_commands.hpp"
#include "checks/switch_end.hpp"
#include "physics/headroom.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "XSW-HEADROOM";
constexpr double kMaxCableDifferenceM = 10;

// The speed (Mb/s) and cable (m) a SONiC profile name says it was made for:
// "pg_lossless_100000_5m_profile" -> {100000, 5}.
struct ProfileFor {
  std::uint32_t speed_mbps = 0, cable_m = 0;
};
std::optional<ProfileFor> profile_for(const std::string& name) {
  const std::string prefix = "pg_lossless_", suffix = "m_profile";
  if (name.size() <= prefix.size() + suffix.size() || name.rfind(prefix, 0) != 0 ||
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
    return std::nullopt;
  const std::string middle = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  const auto bar = middle.find('_');
  if (bar == std::string::npos || bar == 0 || bar + 1 == middle.size()) return std::nullopt;
  const std::string speed = middle.substr(0, bar), cable = middle.substr(bar + 1);
  if (speed.size() > 7 || cable.size() > 5 || speed.find_first_not_of("0123456789") != std::string::npos ||
      cable.find_first_not_of("0123456789") != std::string::npos)
    return std::nullopt;
  return ProfileFor{static_cast<std::uint32_t>(std::stoul(speed)), static_cast<std::uint32_t>(std::stoul(cable))};
}

std::string pg_key(const SwitchEnd& end, const model::SwitchPg& pg) {
  return end.port->name + "|" + std::to_string(pg.first) + (pg.last != pg.first ? "-" + std::to_string(pg.last) : "");
}

// The host's length of the cable, best source first: the profile, the module, mlx5's PFC delay.
struct HostCable {
  std::uint32_t metres = 0;
  bool configured = false;  // the mlx5 PFC delay the host sizes its headroom with, not a measurement
  engine::Evidence evidence;
};
std::optional<HostCable> host_cable(const engine::Context& ctx, const engine::PortView& p) {
  const auto& nd = *p.netdev;
  if (ctx.profile.cable_length_m)
    return HostCable{*ctx.profile.cable_length_m,
                     false,
                     {"profile link.cable_length_m",
                      std::to_string(*ctx.profile.cable_length_m) + " m",
                      {},
                      {},
                      false,
                      {"profile", ctx.profile.file}}};
  if (nd.module_cable_m.ok())
    return HostCable{*nd.module_cable_m, false,
                     config("module cable length", std::to_string(*nd.module_cable_m) + " m", nd.module_cable_m)};
  if (is_mlx5(p) && nd.dcb.pfc.ok() && nd.dcb.pfc->delay > 0)
    return HostCable{nd.dcb.pfc->delay, true,
                     config("dcb pfc delay (mlx5 cable length)", std::to_string(nd.dcb.pfc->delay) + " m", nd.dcb.pfc)};
  return std::nullopt;
}

// The lossless PGs of the switch port that its PFC-enabled TCs use, each once.
std::vector<const model::SwitchPg*> lossless_pgs(const SwitchEnd& end, std::uint8_t pfc) {
  std::vector<const model::SwitchPg*> out;
  for (int tc = 0; tc < model::kPriorities; ++tc) {
    if (!((pfc >> tc) & 1)) continue;
    const auto* pg = end.lossless_pg(end.pg_of_tc(tc));
    if (pg && std::find(out.begin(), out.end(), pg) == out.end()) out.push_back(pg);
  }
  return out;
}

// The headroom a lossless PG holds after XOFF. Spectrum profiles are sized size = xon + xoff, and the
// whole PG buffer is headroom (mlxsw: a 2-MTU threshold plus the delay); elsewhere (Broadcom) size
// is the PG's guaranteed minimum and xoff the headroom.
struct Headroom {
  std::uint64_t bytes = 0;
  bool spectrum = false;
  std::string how;
};
std::optional<Headroom> headroom(const model::SwitchPg& pg) {
  if (!pg.xoff_bytes.ok()) return std::nullopt;
  if (pg.xon_bytes.ok() && pg.size_bytes.ok() && *pg.size_bytes == *pg.xon_bytes + *pg.xoff_bytes)
    return Headroom{*pg.size_bytes, true,
                    "size " + std::to_string(*pg.size_bytes) + " B = xon " + std::to_string(*pg.xon_bytes) +
                        " + xoff " + std::to_string(*pg.xoff_bytes) + " B"};
  return Headroom{*pg.xoff_bytes, false, "xoff " + std::to_string(*pg.xoff_bytes) + " B"};
}

// The PG's headroom against the cable and speed, and the profile against the port's speed and cable.
void judge_pg(const engine::PortView& p, const SwitchEnd& end, const model::SwitchPg& pg, std::uint32_t speed,
              std::uint32_t cable_m, std::uint32_t mtu, const engine::Evidence& mtu_ev, engine::Reporter& r) {
  const auto& sp = *end.port;
  const auto speed_ev =
      switch_config("PORT|" + sp.name + " speed", std::to_string(speed) + " Mb/s", end.netdev->link.from);
  const auto cable_ev = switch_config("CABLE_LENGTH " + sp.name, std::to_string(cable_m) + " m", sp.cable_m.from);
  const std::string fresh = "pg_lossless_" + std::to_string(speed) + "_" + std::to_string(cable_m) + "m_profile";
  const auto rebind = switch_fix(end, {patch_op("add", "BUFFER_PG", pg_key(end, pg), "profile", fresh)},
                                 {"nv set qos roce mode lossless"});
  if (const auto held = headroom(pg)) {
    const std::uint32_t needed = physics::ieee_cable_and_frames_bytes(speed, cable_m, mtu);
    if (held->bytes < needed) {
      std::vector<std::string> ops;
      if (pg.profile != fresh)
        ops.push_back(patch_op("add", "BUFFER_PG", pg_key(end, pg), "profile", fresh));
      else if (held->spectrum)  // the frames stay in xon; xoff takes the rest
        ops = {patch_op("add", "BUFFER_PROFILE", pg.profile, "xoff", std::to_string(needed - *pg.xon_bytes)),
               patch_op("add", "BUFFER_PROFILE", pg.profile, "size", std::to_string(needed))};
      else
        ops.push_back(patch_op("add", "BUFFER_PROFILE", pg.profile, "xoff", std::to_string(needed)));
      r.finding({
          .severity = engine::Severity::critical,
          .subject = p.subject(pg.first),
          .title = "Lossless PG " + pg_key(end, pg) + " of " + end.switch_port() + " (" + end.both() + ") holds " +
                   std::to_string(held->bytes) + " B of headroom, its " + std::to_string(cable_m) + " m cable at " +
                   std::to_string(speed) + " Mb/s needs at least " + std::to_string(needed) + " B",
          .evidence = {end.cable_evidence(),
                       switch_config("BUFFER_PROFILE|" + pg.profile + " headroom", held->how, pg.xoff_bytes.from),
                       speed_ev,
                       cable_ev,
                       mtu_ev,
                       {"needed headroom",
                        std::to_string(needed) + " B (cable round trip + a frame at each end + PFC frame, before the "
                                                 "peer's response time)",
                        {},
                        {},
                        false,
                        {}}},
          .explanation = "After the switch sends XOFF, the host keeps sending until the pause has crossed the cable "
                         "and the frames on the wire have arrived. A headroom smaller than the bytes the cable alone "
                         "holds overflows on every pause: the switch drops lossless RoCE packets on the PG despite "
                         "PFC (ingress PG drops; retransmissions and timeouts at the hosts).",
          .remediation = {switch_fix(end, ops, {"nv set qos roce mode lossless"})},
      });
    }
  }
  const auto made_for = profile_for(pg.profile);
  if (!made_for || (made_for->speed_mbps == speed && made_for->cable_m == cable_m)) return;
  const bool shorter = made_for->cable_m < cable_m || made_for->speed_mbps < speed;
  r.finding({
      .severity = shorter ? engine::Severity::warning : engine::Severity::info,
      .subject = p.subject(pg.first),
      .title = "Lossless PG " + pg_key(end, pg) + " of " + end.switch_port() + " (" + end.both() + ") uses " +
               pg.profile + ", the port is " + std::to_string(speed) + " Mb/s on a " + std::to_string(cable_m) +
               " m cable",
      .evidence = {end.cable_evidence(),
                   switch_config("BUFFER_PG|" + pg_key(end, pg) + " profile", pg.profile, pg.from), speed_ev, cable_ev},
      .explanation = shorter ? "The buffer manager sizes a lossless PG's headroom for the port's speed and "
                               "CABLE_LENGTH. The profile bound was made for a slower port or a shorter cable: "
                               "the bytes in flight after a pause can exceed its headroom and the switch drops "
                               "lossless packets. The export was taken before the buffer manager recomputed, "
                               "or the profile was bound by hand."
                             : "The profile bound was made for a faster port or a longer cable than this one: "
                               "lossless, but the extra headroom is taken from the shared buffer.",
      .remediation = {rebind},
  });
}

void judge_cable_agreement(const engine::Context& ctx, const engine::PortView& p, const SwitchEnd& end,
                           std::uint32_t switch_m, std::optional<std::uint32_t> speed, engine::Reporter& r) {
  const auto host = host_cable(ctx, p);
  if (!host) return;
  const double tolerance = ctx.profile.threshold(kId, "max_cable_difference_m", kMaxCableDifferenceM);
  const auto diff = host->metres > switch_m ? host->metres - switch_m : switch_m - host->metres;
  if (diff <= tolerance) return;
  const std::uint32_t longer = std::max(host->metres, switch_m);
  std::string missing;
  if (speed) {
    const auto lo = physics::ieee_cable_and_frames_bytes(*speed, std::min(host->metres, switch_m), 0);
    const auto hi = physics::ieee_cable_and_frames_bytes(*speed, longer, 0);
    missing = " (" + std::to_string(hi - lo) + " B of headroom apart at " + std::to_string(*speed) + " Mb/s)";
  }
  std::vector<std::string> remediation;
  if (switch_m < longer && end.sw->vendor == "sonic")
    remediation.push_back(
        sonic_patch_command(end.sw->host.hostname,
                            {patch_op("add", "CABLE_LENGTH", "AZURE", end.port->name, std::to_string(longer) + "m")}));
  if (host->configured && host->metres < longer)
    remediation.push_back(qos_fix(ctx, p, "--cable_len " + std::to_string(longer),
                                  "dcb pfc set dev " + p.name() + " delay " + std::to_string(longer)));
  remediation.push_back("roce-doctor tune");
  r.finding({
      .severity = engine::Severity::warning,
      .subject = p.subject(),
      .title = "The cable " + end.both() + " is " + std::to_string(host->metres) + " m at the host (" +
               host->evidence.name + ") but " + std::to_string(switch_m) + " m in CABLE_LENGTH of " +
               end.switch_port() + missing,
      .evidence = {end.cable_evidence(), host->evidence,
                   switch_config("CABLE_LENGTH " + end.port->name, std::to_string(switch_m) + " m",
                                 end.port->cable_m.from)},
      .explanation = "Both ends size their PFC headroom for the cable between them. One cable has one length: "
                     "the end that assumes the shorter one keeps too little headroom and drops lossless "
                     "packets when the other end pauses it late.",
      .remediation = std::move(remediation),
  });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    auto end = switch_end(ctx, p, r);
    if (!end) continue;
    const auto& sp = *end->port;
    if (!sp.cable_m.ok()) {
      r.skip(p.name(), end->switch_port() + " cable length " + model::describe_missing(sp.cable_m));
      continue;
    }
    r.evaluated();
    const auto speed = end->speed_mbps();
    const auto pfc = end->pfc_mask();
    if (!speed || !pfc) {  // XSW-PFC-PRIO judges a port without PFC
      judge_cable_agreement(ctx, p, *end, *sp.cable_m, speed, r);
      continue;
    }
    // The frames in flight on this cable are no larger than the smaller MTU of its two ends.
    std::uint32_t mtu = 0;
    engine::Evidence mtu_ev;
    if (end->netdev->mtu.ok()) {
      mtu = *end->netdev->mtu;
      mtu_ev = switch_config("PORT|" + sp.name + " mtu", std::to_string(mtu), end->netdev->mtu.from);
    }
    if (p.netdev->mtu.ok() && (mtu == 0 || *p.netdev->mtu < mtu)) {
      mtu = *p.netdev->mtu;
      mtu_ev = config("host mtu", std::to_string(mtu), p.netdev->mtu);
    }
    for (const auto* pg : lossless_pgs(*end, *pfc)) judge_pg(p, *end, *pg, *speed, *sp.cable_m, mtu, mtu_ev, r);
    judge_cable_agreement(ctx, p, *end, *sp.cable_m, speed, r);
  }
}

}  // namespace

engine::CheckInfo info_xsw_headroom() {
  return {
      .id = kId,
      .title = "Switch PFC headroom fits the cable, and both ends agree on its length",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::switch_end},
      .profile_keys = {"link.cable_length_m"},
      .thresholds = {{"max_cable_difference_m", kMaxCableDifferenceM,
                      "metres the host's and the switch's length of one cable may differ"}},
      .explained_by = {},
      .doc =
          "On the switch port at the other end of the cable, every lossless PG of a PFC-enabled TC must hold "
          "(in its buffer profile: size when size = xon + xoff as on Spectrum, else xoff) "
          "at least the headroom its cable and speed need regardless of the peer: the cable round trip "
          "(5 ns/m) at the port speed, one frame at each end (the smaller MTU of the two ends) and the PFC "
          "frame, the IEEE 802.1Qbb estimate without the peer's response time, which switch vendors size "
          "from their own ASIC (critical). The profile bound (pg_lossless_<speed>_<cable>m_profile) must be "
          "the one for the port's speed and CABLE_LENGTH: one made for a slower port or a shorter cable is a "
          "warning, one for a faster or longer is info. The host's length of the same cable (the profile's "
          "link.cable_length_m, the module, or mlx5's PFC delay) and the switch's CABLE_LENGTH must agree "
          "within max_cable_difference_m (warning); SONiC defaults to 5 m, mlx5 to 7 m.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
