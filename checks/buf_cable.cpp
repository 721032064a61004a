// BUF-CABLE: the cable length mlx5 sizes PFC headroom with (dcb pfc delay, metres on mlx5) is the
// real one. Shorter than the real cable: the headroom misses the bytes on the wire and lossless
// traffic can drop. Longer: headroom is wasted, taken from the shared buffer.
#include "checks/common.hpp"
#include "checks/fix_commands.hpp"
#include "physics/headroom.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "BUF-CABLE";

struct RealCable {
  std::uint32_t metres;
  std::string source;  // "profile link.cable_length_m", "module"
  engine::Evidence evidence;
};

// The real length, best source first (the order BUF-HEADROOM uses).
std::optional<RealCable> real_cable(const engine::Context& ctx, const model::NetDev& nd) {
  if (ctx.profile.cable_length_m)
    return RealCable{*ctx.profile.cable_length_m,
                     "the profile (link.cable_length_m)",
                     {"profile link.cable_length_m",
                      std::to_string(*ctx.profile.cable_length_m) + " m",
                      {},
                      {},
                      false,
                      {"profile", ctx.profile.file}}};
  if (nd.module_cable_m.ok())
    return RealCable{*nd.module_cable_m, "the module",
                     config("module cable length", std::to_string(*nd.module_cable_m) + " m", nd.module_cable_m)};
  return std::nullopt;
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const auto& nd = *p.netdev;
    if (!is_mlx5(p)) {
      const std::string driver = p.driver().empty() ? "an unknown driver" : p.driver();
      r.skip(nd.name, "the PFC delay is a cable length only on mlx5 (" + driver + " reads it as bit times)");
      continue;
    }
    if (!r.require(nd.dcb.pfc, nd.name, "dcb pfc")) continue;
    r.evaluated();
    const std::uint32_t configured = nd.dcb.pfc->delay;
    // Without a real length to compare with, the configured one (even the 7 m default) stands:
    // BUF-HEADROOM then asks for the real length in its remediation.
    auto real = real_cable(ctx, nd);
    if (!real || real->metres == configured) continue;
    const bool too_short = configured < real->metres;
    std::vector<engine::Evidence> evidence = {
        config("dcb pfc delay (mlx5 cable length)", std::to_string(configured) + " m", nd.dcb.pfc), real->evidence};
    if (ctx.profile.cable_length_m && nd.module_cable_m.ok())
      evidence.push_back(config("module cable length", std::to_string(*nd.module_cable_m) + " m", nd.module_cable_m));
    r.finding({
        .severity = too_short ? engine::Severity::warning : engine::Severity::info,
        .subject = p.subject(),
        .title = "PFC cable length is " + std::to_string(configured) + " m" +
                 (configured == physics::kMlx5DefaultCableM ? " (the mlx5 default)" : "") + ", " + real->source +
                 " says " + std::to_string(real->metres) + " m",
        .evidence = std::move(evidence),
        .explanation =
            too_short ? "mlx5 sizes the PFC headroom of its lossless buffers for the configured cable length. The real "
                        "cable is longer, so more bytes are still on the wire when the pause reaches the peer than the "
                        "headroom holds: the lossless buffer can overflow and drop RoCE despite PFC."
                      : "mlx5 sizes the PFC headroom for a longer cable than the real one: the extra headroom is taken "
                        "from the shared buffer that the other priorities use. Harmless for losslessness, wasteful "
                        "for buffering.",
        .remediation = {qos_fix(ctx, p, "--cable_len " + std::to_string(real->metres),
                                "dcb pfc set dev " + nd.name + " delay " + std::to_string(real->metres)) +
                            "    # recomputes thresholds when buffers are set by hand (dcb buffer)",
                        "roce-doctor tune"},
    });
  }
}

}  // namespace

engine::CheckInfo info_buf_cable() {
  return {
      .id = kId,
      .title = "PFC cable length matches the real cable",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::dcb_pfc},
      .profile_keys = {"link.cable_length_m"},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "On mlx5 the PFC delay (dcb pfc show: delay) is the cable length in metres that headroom is "
          "sized for (default 7 m). Compares it with the real length from the profile's "
          "link.cable_length_m, else the module's report: a shorter configured length is a warning "
          "(headroom too small), a longer one is info (buffer wasted). Without either source the "
          "configured length, including the 7 m default, is not contradicted and the port passes: the "
          "default suits the short copper cables of a rack, and a guess would warn on every healthy host; "
          "set link.cable_length_m for optics. Other drivers read the delay as bit times and are skipped.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
