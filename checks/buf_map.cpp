// BUF-MAP: every PFC priority maps (prio2buffer) to a receive buffer of its own kind. A buffer is
// lossless as soon as one priority mapped to it has PFC (mlx5 port_buffer.c), so lossy priorities
// that share it fill the headroom the lossless one relies on; and a lossless buffer of size 0 has
// no room at all.
#include "checks/common.hpp"
#include "checks/fix_commands.hpp"
#include "physics/headroom.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "BUF-MAP";
constexpr int kBuffers = 8;  // DCBX_MAX_BUFFERS

std::string prio_list(const std::vector<int>& prios) {
  std::string s;
  for (int p : prios) s += (s.empty() ? "" : ",") + std::to_string(p);
  return s;
}

// The prio2buffer map with every lossy priority moved off the lossless buffers, onto the lowest
// buffer that holds no PFC priority; nullopt when every buffer is lossless.
std::optional<model::PerPrio<std::uint8_t>> separated_map(const model::Buffer& buf,
                                                          const std::array<bool, kBuffers>& lossless,
                                                          const model::Pfc& pfc) {
  int lossy = -1;
  for (int b = 0; b < kBuffers && lossy < 0; ++b)
    if (!lossless[b]) lossy = b;
  if (lossy < 0) return std::nullopt;
  model::PerPrio<std::uint8_t> map = buf.prio2buffer;
  for (int prio = 0; prio < model::kPriorities; ++prio)
    if (!pfc.enabled(prio)) map[prio] = static_cast<std::uint8_t>(lossy);
  return map;
}

// mlx5's minimum lossless buffer for this link, when speed and MTU are known.
std::optional<std::uint32_t> mlx5_minimum(const engine::Context& ctx, const engine::PortView& p) {
  const auto& nd = *p.netdev;
  if (!is_mlx5(p) || !nd.mtu.ok() || !nd.link.ok() || !nd.link->speed_mbps) return std::nullopt;
  std::uint32_t cable = physics::kMlx5DefaultCableM;
  if (ctx.profile.cable_length_m)
    cable = *ctx.profile.cable_length_m;
  else if (nd.module_cable_m.ok())
    cable = *nd.module_cable_m;
  else if (nd.dcb.pfc.ok() && nd.dcb.pfc->delay > 0)
    cable = nd.dcb.pfc->delay;
  return physics::mlx5_min_lossless_buffer(nd.link->speed_mbps, cable, *nd.mtu);
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const auto& nd = *p.netdev;
    if (!r.require(nd.dcb.buffer, nd.name, "dcb buffer") || !r.require(nd.dcb.pfc, nd.name, "dcb pfc")) continue;
    const auto& buf = *nd.dcb.buffer;
    const auto& pfc = *nd.dcb.pfc;
    std::array<std::vector<int>, kBuffers> pfc_prios, lossy_prios;
    bool garbled = false;
    for (int prio = 0; prio < model::kPriorities; ++prio) {
      const int b = buf.prio2buffer[prio];
      if (b >= kBuffers) {
        garbled = true;
        break;
      }
      (pfc.enabled(prio) ? pfc_prios : lossy_prios)[b].push_back(prio);
    }
    if (garbled) {
      r.skip(nd.name, "dcb buffer prio-buffer names a buffer beyond 7: " + model::prio_buffer_text(buf.prio2buffer));
      continue;
    }
    r.evaluated();
    std::array<bool, kBuffers> lossless{};
    for (int b = 0; b < kBuffers; ++b) lossless[b] = !pfc_prios[b].empty();
    auto evidence = [&](int b) {
      return std::vector<engine::Evidence>{
          config("dcb buffer prio-buffer", model::prio_buffer_text(buf.prio2buffer), nd.dcb.buffer),
          config("dcb pfc prio-pfc", model::prio_pfc_text(pfc.pfc_en), nd.dcb.pfc),
          config("dcb buffer buffer-size[" + std::to_string(b) + "]", std::to_string(buf.buffer_size[b]),
                 nd.dcb.buffer)};
    };
    for (int b = 0; b < kBuffers; ++b) {
      if (!lossless[b]) continue;
      const std::string pfc_text = prio_list(pfc_prios[b]);
      if (!lossy_prios[b].empty()) {
        std::vector<std::string> remediation;
        if (auto map = separated_map(buf, lossless, pfc))
          remediation.push_back(
              qos_fix(ctx, p, "--prio2buffer " + comma_list(*map),
                      "dcb buffer set dev " + nd.name + " prio-buffer " + model::prio_buffer_text(*map)));
        remediation.push_back("roce-doctor tune");
        r.finding({
            .severity = engine::Severity::critical,
            .subject = p.buffer_subject(b),
            .title = "lossless buffer " + std::to_string(b) + " (PFC priority " + pfc_text +
                     ") is shared with lossy priority " + prio_list(lossy_prios[b]),
            .evidence = evidence(b),
            .explanation =
                "A receive buffer is lossless as soon as one priority mapped to it has PFC, and its XOFF "
                "threshold counts every byte in it. Lossy traffic on priority " +
                prio_list(lossy_prios[b]) +
                " is never paused, so its bursts fill the buffer: the port pauses the RoCE priority for traffic "
                "that is not RoCE, and what the lossy traffic keeps sending after XOFF eats the headroom that "
                "should absorb RoCE in flight, so RoCE packets can be dropped despite PFC.",
            .remediation = std::move(remediation),
        });
      }
      if (buf.buffer_size[b] == 0) {
        std::vector<std::string> remediation;
        if (auto min = mlx5_minimum(ctx, p)) {
          auto sizes = buf.buffer_size;
          sizes[b] = *min;
          remediation.push_back(qos_fix(
              ctx, p, "--buffer_size " + comma_list(sizes),
              "dcb buffer set dev " + nd.name + " buffer-size " + std::to_string(b) + ":" + std::to_string(*min)));
        }
        remediation.push_back("roce-doctor tune");
        r.finding({
            .severity = engine::Severity::critical,
            .subject = p.buffer_subject(b),
            .title = "lossless buffer " + std::to_string(b) + " (PFC priority " + pfc_text + ") has size 0",
            .evidence = evidence(b),
            .explanation =
                "PFC priority " + pfc_text +
                " maps to a buffer with no space: there is no headroom to absorb "
                "what the peer sends after XOFF, so the lossless priority drops like a lossy one (and the XOFF "
                "threshold may trigger on the first frame, pausing the peer continuously).",
            .remediation = std::move(remediation),
        });
      }
    }
  }
}

}  // namespace

engine::CheckInfo info_buf_map() {
  return {
      .id = kId,
      .title = "Lossless priorities have lossless buffers of their own",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::dcb_buffer, engine::Need::dcb_pfc},
      .profile_keys = {"link.cable_length_m"},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Reads dcb buffer prio-buffer and the PFC mask. A buffer is lossless if any priority mapped to "
          "it has PFC (mlx5 port_buffer.c); reports a lossless buffer that also holds lossy priorities "
          "(lossy bursts trigger pauses and eat the headroom) and a lossless buffer of size 0. The "
          "remediation moves the lossy priorities to a buffer without PFC, or sizes the buffer with "
          "mlx5's minimum (see BUF-HEADROOM).",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
