// PCIE-LINK: the NIC's PCIe link trained at the width and speed it supports. A x8 or Gen3 link
// under a 100/200/400G port caps throughput below line rate and makes the NIC back-pressure the
// fabric (PFC pauses, rx_out_of_buffer) although nothing is wrong on the network.
#include <cstdlib>

#include "checks/link_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "PCIE-LINK";

// "16.0 GT/s PCIe" (or "8 GT/s" from older kernels) -> 16.0; nullopt for "Unknown".
std::optional<double> gts(const std::string& s) {
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || v <= 0) return std::nullopt;
  return v;
}

// Usable Gb/s of a link: line encoding 8b/10b up to 5 GT/s, 128b/130b from 8 GT/s (Gen6 FLIT mode
// is close to 1:1 and treated as such).
double usable_gbps(double gt_per_s, std::uint32_t width) {
  const double efficiency = gt_per_s <= 5.0 ? 0.8 : gt_per_s <= 32.0 ? 128.0 / 130.0 : 1.0;
  return gt_per_s * efficiency * width;
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const std::string dev = p.name();
    if (!r.require(p.netdev->pcie, dev, "PCIe link status")) continue;
    const auto& l = *p.netdev->pcie;
    const auto cur = gts(l.current_speed), max = gts(l.max_speed);
    const bool widths = l.current_width > 0 && l.max_width > 0;
    if (!(cur && max) && !widths) {
      r.skip(dev, "PCIe link speed and width unknown (\"" + l.current_speed + "\", x" +
                      std::to_string(l.current_width) + ")");
      continue;
    }
    r.evaluated();
    const bool slow = cur && max && *cur < *max;
    const bool narrow = widths && l.current_width < l.max_width;
    if (!slow && !narrow) continue;

    std::string title = "PCIe link x" + std::to_string(l.current_width) + " at " + l.current_speed + ", capable of x" +
                        std::to_string(l.max_width) + " at " + l.max_speed;
    if (cur && widths) {
      const double now_gbps = usable_gbps(*cur, l.current_width);
      title += ": ~" + link::num(now_gbps, 0) + " Gb/s";
      const auto& eth = p.netdev->link;
      if (eth.ok() && eth->speed_mbps && now_gbps < *eth->speed_mbps / 1000.0)
        title += ", below the " + link::speed_text(*eth->speed_mbps) + " port";
    }
    const std::string pci = p.netdev->pci_address.ok() ? *p.netdev->pci_address : std::string();
    r.finding({
        .severity = engine::Severity::warning,
        .subject = p.subject(),
        .title = std::move(title),
        .evidence = {config("current_link_speed", l.current_speed, p.netdev->pcie),
                     config("max_link_speed", l.max_speed, p.netdev->pcie),
                     config("current_link_width", std::to_string(l.current_width), p.netdev->pcie),
                     config("max_link_width", std::to_string(l.max_width), p.netdev->pcie)},
        .explanation =
            "The NIC's PCIe link trained " + std::string(narrow ? "narrower" : "") + (narrow && slow ? " and " : "") +
            (slow ? "slower" : "") +
            " than the card supports: the card sits in a slot wired (or configured in the BIOS) for fewer lanes or "
            "an older generation, behind a slower switch or riser, or the link degraded at training (seating, "
            "signal). The host then cannot move data at line rate: the NIC runs out of receive buffer, sends PFC "
            "pauses into the fabric and stalls on PCIe (outbound_pci_stalled_*).",
        .remediation = {pci.empty() ? "lspci -vv | grep -E 'LnkCap|LnkSta'"
                                    : "lspci -s " + pci + " -vv | grep -E 'LnkCap|LnkSta'"},
    });
  }
}

}  // namespace

engine::CheckInfo info_pcie_link() {
  return {
      .id = kId,
      .title = "NIC PCIe link at full width and speed",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::pcie},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Compares the NIC's sysfs current_link_width/current_link_speed with max_link_width/max_link_speed "
          "and warns when either is lower, with the usable PCIe bandwidth (8b/10b up to 5 GT/s, 128b/130b "
          "above) and whether it is below the port speed. Unknown values are skipped.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
