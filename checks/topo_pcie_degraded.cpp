// TOPO-PCIE-DEGRADED: every PCIe link on a GPU's or NIC's path, from the root port down, runs at
// the width and speed both its ends support. One narrow or slow switch uplink caps every device
// below it, which PCIE-LINK (the NIC's own link) does not see.
#include <algorithm>
#include <cstdlib>
#include <map>

#include "checks/common.hpp"
#include "checks/topo_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "TOPO-PCIE-DEGRADED";

// "32.0 GT/s PCIe" (or "8 GT/s" from kernels before 5.7) -> 32.0; nullopt for "Unknown".
std::optional<double> link_gts(const std::optional<std::string>& s) {
  if (!s) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(s->c_str(), &end);
  if (end == s->c_str() || v <= 0) return std::nullopt;
  return v;
}

struct Degraded {
  std::string parent, child;
  const model::PcieHop* hop = nullptr;
  std::string cap;
  std::vector<std::string> devices;  // GPUs and NICs below it
};

// A link is judged on its lower end (the function whose upstream link it is) against the lesser
// maximum of its two ends. A downstream port reports the same link as the device below it, so a
// hop whose next hop shows the same state is left to that next hop.
void judge_path(const model::TopoDevice& d, std::map<std::string, Degraded>& found, int& judged) {
  for (std::size_t i = 1; i < d.path.size(); ++i) {
    const auto &up = d.path[i - 1], &h = d.path[i];
    const auto cur = link_gts(h.current_speed), max_here = link_gts(h.max_speed), max_up = link_gts(up.max_speed);
    const bool speeds = cur && max_here && max_up;
    const bool widths = h.current_width && h.max_width && up.max_width;
    if (!speeds && !widths) continue;
    ++judged;
    const double cap_speed = speeds ? std::min(*max_here, *max_up) : 0;
    const std::uint32_t cap_width = widths ? std::min(*h.max_width, *up.max_width) : 0;
    const bool slow = speeds && *cur < cap_speed;
    const bool narrow = widths && *h.current_width < cap_width;
    if (!slow && !narrow) continue;
    if (i + 1 < d.path.size() && d.path[i + 1].current_speed == h.current_speed &&
        d.path[i + 1].current_width == h.current_width)
      continue;
    auto& entry = found[h.address];
    if (entry.hop == nullptr) {
      entry.parent = up.address;
      entry.child = h.address;
      entry.hop = &h;
      const std::string cap_text = !speeds ? "?" : *max_here <= *max_up ? *h.max_speed : *up.max_speed;
      entry.cap = (widths ? "x" + std::to_string(cap_width) : std::string("x?")) + " at " + cap_text;
    }
    if (std::find(entry.devices.begin(), entry.devices.end(), d.name) == entry.devices.end())
      entry.devices.push_back(d.name);
  }
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto& t = *ctx.observations().topology;
  if (!t.has_links)
    return r.skip("topology", "the " + t.from.source + " topology shows no PCIe link states (" + t.from.locator + ")");
  std::map<std::string, Degraded> found;
  for (const auto* list : {&t.gpus, &t.nics})
    for (const auto& d : *list) {
      int judged = 0;
      judge_path(d, found, judged);
      if (judged > 0)
        r.evaluated();
      else
        r.skip(d.name, "no PCIe link state on its path");
    }
  for (const auto& entry : found) {
    const std::string& address = entry.first;  // a named variable: clang 14 cannot capture a structured binding
    const auto& g = entry.second;
    const auto& h = *g.hop;
    const std::string now = "x" + (h.current_width ? std::to_string(*h.current_width) : std::string("?")) + " at " +
                            h.current_speed.value_or("?");
    auto evidence_of = [&](const char* name, const std::string& value) {
      auto e = topo::fact(t, name, value);
      e.from.locator += " " + address;
      return e;
    };
    r.finding({
        .severity = engine::Severity::warning,
        .subject = {},
        .title = "PCIe link " + g.parent + " -> " + g.child + " runs " + now + ", capable of " + g.cap +
                 ": on the path of " + topo::listing(g.devices),
        .evidence = {evidence_of("current_link_speed", h.current_speed.value_or("unknown")),
                     evidence_of("max_link_speed", h.max_speed.value_or("unknown")),
                     evidence_of("current_link_width", h.current_width ? std::to_string(*h.current_width) : "unknown"),
                     evidence_of("max_link_width", h.max_width ? std::to_string(*h.max_width) : "unknown")},
        .explanation =
            "A PCIe link on the way from the root port to a GPU or NIC trained narrower or slower than both of its "
            "ends support (a card or riser not seated, a slot wired or set in the BIOS for fewer lanes, a link that "
            "fell back after errors). Every device below it shares the reduced bandwidth: a NIC cannot reach line "
            "rate, GPUDirect RDMA between a GPU and a NIC below it slows down, and the NIC back-pressures the "
            "fabric with PFC pauses although the network is fine.",
        .remediation = {"lspci -s " + g.child + " -vv | grep -E 'LnkCap|LnkSta'",
                        "reseat the card or riser below " + g.parent +
                            " and check the slot's lane setting in the BIOS"},
    });
  }
}

}  // namespace

engine::CheckInfo info_topo_pcie_degraded() {
  return {
      .id = kId,
      .title = "PCIe links on GPU and NIC paths at full width and speed",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::topology},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Walks every GPU's and RDMA NIC's PCIe path from the root port down (sysfs) and warns for each link "
          "whose current_link_width or current_link_speed is below the lesser max_link_* of its two ends, naming "
          "the devices below it. Skipped for a topology without link states (nvidia-smi topo -m, NCCL's dump).",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
