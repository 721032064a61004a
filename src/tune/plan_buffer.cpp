// Receive buffers (dcb buffer): every lossless priority in a buffer of its own, lossy priorities in
// buffer 0, each lossless buffer at least the headroom its link needs (mlx5: the kernel's minimum,
// rounded up to the 128-byte cell so that it reads back unchanged; others: the IEEE estimate),
// within total_size.
#include <algorithm>
#include <numeric>

#include "physics/headroom.hpp"
#include "tune/plan_parts.hpp"

namespace roce::tune::detail {
namespace {

constexpr int kBuffers = 8;  // DCBX_MAX_BUFFERS

// Does the map keep lossless and lossy priorities apart (BUF-MAP's rule) under `mask`?
bool map_separates(const model::PerPrio<std::uint8_t>& map, std::uint8_t mask) {
  std::array<bool, kBuffers> lossless{}, lossy{};
  for (int prio = 0; prio < model::kPriorities; ++prio) {
    if (map[prio] >= kBuffers) return false;
    ((mask >> prio) & 1 ? lossless : lossy)[map[prio]] = true;
  }
  for (int b = 0; b < kBuffers; ++b)
    if (lossless[b] && lossy[b]) return false;
  return true;
}

model::PerPrio<std::uint8_t> separated_map(std::uint8_t mask) {
  model::PerPrio<std::uint8_t> map{};
  std::uint8_t next = mask == 0xff ? 0 : 1;  // lossy priorities share buffer 0
  for (int prio = 0; prio < model::kPriorities; ++prio) map[prio] = (mask >> prio) & 1 ? next++ : 0;
  return map;
}

std::uint32_t round_up(std::uint32_t v, std::uint32_t cell) { return (v + cell - 1) / cell * cell; }

struct Requirement {
  std::uint32_t bytes;
  std::string reason;
};

std::optional<Requirement> required_size(const PortPlan& p, const profile::Profile& profile, Notes& notes) {
  const auto& nd = p.nd;
  const auto speed = p.speed_mbps();
  if (!speed) {
    notes.push_back({nd.name + " dcb buffer",
                     "link speed unknown (ethtool link settings and RDMA rate missing); "
                     "cannot size lossless buffers"});
    return std::nullopt;
  }
  if (p.final_mtu == 0) {
    notes.push_back({nd.name + " dcb buffer", "MTU unknown; cannot size lossless buffers"});
    return std::nullopt;
  }
  const CableChoice cable = headroom_cable(p, profile);
  const std::string link = std::to_string(*speed) + " Mb/s, " + std::to_string(cable.metres) + " m cable (" +
                           cable.source + "), MTU " + std::to_string(p.final_mtu);
  if (p.mlx5()) {
    const std::uint32_t min = physics::mlx5_min_lossless_buffer(speed, cable.metres, p.final_mtu);
    return Requirement{round_up(min, physics::kMlx5DefaultCellBytes),
                       "mlx5 minimum for " + link + ": xoff " +
                           std::to_string(physics::mlx5_xoff_bytes(speed, cable.metres, p.final_mtu)) +
                           " + max MTU 9216 + cell 128 = " + std::to_string(min) + " B, in whole 128 B cells"};
  }
  if (auto ieee = physics::ieee_headroom_bytes(*speed, cable.metres, p.final_mtu))
    return Requirement{*ieee, "IEEE 802.1Qbb headroom estimate for " + link};
  notes.push_back({nd.name + " dcb buffer", "no headroom formula for " + (p.driver.empty() ? "this driver" : p.driver) +
                                                " at " + std::to_string(*speed) +
                                                " Mb/s; cannot size lossless buffers"});
  return std::nullopt;
}

// Takes `excess` bytes from buffers no priority uses, then from lossy ones down to one max MTU;
// false when that is not enough.
bool fit_total(model::Buffer& buf, const std::array<bool, kBuffers>& lossless, std::uint64_t excess) {
  std::array<bool, kBuffers> used{};
  for (auto b : buf.prio2buffer) used[b] = true;
  for (int pass = 0; pass < 2 && excess > 0; ++pass)
    for (int b = kBuffers - 1; b >= 0 && excess > 0; --b) {
      if (lossless[b] || used[b] != (pass == 1)) continue;
      const std::uint32_t keep = pass == 0 ? 0 : physics::kMlx5MinimumMaxMtu;
      if (buf.buffer_size[b] <= keep) continue;
      const std::uint64_t take = std::min<std::uint64_t>(excess, buf.buffer_size[b] - keep);
      buf.buffer_size[b] -= static_cast<std::uint32_t>(take);
      excess -= take;
    }
  return excess == 0;
}

}  // namespace

std::vector<Change> plan_buffer(PortPlan& p, const profile::Profile& profile, Notes& notes) {
  const auto& nd = p.nd;
  if (!nd.dcb.buffer.ok()) {
    std::string why = nd.dcb.buffer.availability == model::Availability::unsupported && !p.driver.empty()
                          ? "unsupported by " + p.driver
                          : model::describe_missing(nd.dcb.buffer);
    notes.push_back({nd.name + " dcb buffer", why + "; cannot size buffers"});
    return {};
  }
  if (!p.final_pfc_en) return {};  // plan_pfc noted why
  const std::uint8_t mask = *p.final_pfc_en;
  const model::Buffer& current = *nd.dcb.buffer;
  model::Buffer proposed = current;
  Change c;
  c.object = {nd.name, system::Knob::dcb_buffer, 0};
  std::string args;
  if (!map_separates(current.prio2buffer, mask)) {
    proposed.prio2buffer = separated_map(mask);
    c.fields.push_back({"prio-buffer", model::prio_buffer_text(current.prio2buffer),
                        model::prio_buffer_text(proposed.prio2buffer),
                        "each lossless priority (PFC " + model::pfc_mask_text(mask) +
                            ") in a buffer of its own, lossy priorities in buffer 0"});
    args += " prio-buffer " + model::prio_buffer_text(proposed.prio2buffer);
  }
  std::array<bool, kBuffers> lossless{};
  for (int prio = 0; prio < model::kPriorities; ++prio)
    if ((mask >> prio) & 1) lossless[proposed.prio2buffer[prio]] = true;
  const bool any_lossless = std::find(lossless.begin(), lossless.end(), true) != lossless.end();
  if (any_lossless) {
    if (auto need = required_size(p, profile, notes)) {
      model::Buffer sized = proposed;
      for (int b = 0; b < kBuffers; ++b)
        if (lossless[b] && sized.buffer_size[b] < need->bytes) sized.buffer_size[b] = need->bytes;
      const std::uint64_t sum = std::accumulate(sized.buffer_size.begin(), sized.buffer_size.end(), std::uint64_t{0});
      const std::uint64_t total = sized.total_size.value_or(0);  // 0: the device gave no total, no limit known
      bool fits = total == 0 || sum <= total || fit_total(sized, lossless, sum - total);
      if (!fits) {
        notes.push_back({nd.name + " dcb buffer", "lossless buffers need " + std::to_string(need->bytes) +
                                                      " B each but total_size " + std::to_string(total) +
                                                      " B leaves no room; buffer sizes unchanged"});
      } else {
        for (int b = 0; b < kBuffers; ++b) {
          if (sized.buffer_size[b] == proposed.buffer_size[b]) continue;
          c.fields.push_back({"buffer-size[" + std::to_string(b) + "]", std::to_string(proposed.buffer_size[b]),
                              std::to_string(sized.buffer_size[b]),
                              lossless[b]
                                  ? need->reason
                                  : "room for the lossless buffers within total_size " + std::to_string(total) + " B"});
        }
        if (sized.buffer_size != proposed.buffer_size)
          args += " buffer-size " + model::buffer_size_text(sized.buffer_size);
        proposed = sized;
      }
    }
  }
  if (proposed == current) return {};
  c.current = current;
  c.proposed = proposed;
  c.commands = {"dcb buffer set dev " + nd.name + args +
                (p.mlx5() ? "    # mlx5 then keeps buffers manual: it no longer sizes them itself" : "")};
  return {c};
}

}  // namespace roce::tune::detail
