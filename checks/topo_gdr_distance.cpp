// TOPO-GDR-DISTANCE: every GPU has an RDMA NIC within PXB. NCCL uses GPUDirect RDMA only up to
// NCCL_NET_GDR_LEVEL, PXB by default: a GPU whose nearest NIC is PHB, NODE or SYS stages every
// network transfer through host memory and the CPU's interconnect.
#include "checks/common.hpp"
#include "checks/topo_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "TOPO-GDR-DISTANCE";

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto& t = *ctx.observations().topology;
  if (t.gpus.empty()) return r.skip("topology", "no GPU in the topology (" + t.from.locator + ")");
  if (t.nics.empty()) return r.skip("topology", "no RDMA NIC in the topology (" + t.from.locator + ")");
  for (const auto& gpu : t.gpus) {
    const auto near = topo::nearest_nics(t, gpu.name);
    if (!near) {
      r.skip(gpu.name, "no distance to any NIC known");
      continue;
    }
    r.evaluated();
    if (near->distance <= model::PciDistance::pxb) continue;
    std::vector<engine::Evidence> evidence;
    for (const auto& p : t.pairs)
      if (p.gpu == gpu.name) evidence.push_back(topo::fact(t, p.gpu + " - " + p.nic, model::to_string(p.distance)));
    const std::string d = model::to_string(near->distance);
    r.finding({
        .severity = engine::Severity::warning,
        .subject = {},
        .title = gpu.name + ": nearest RDMA NIC" + (near->nics.size() == 1 ? " " : "s ") + topo::listing(near->nics) +
                 (near->nics.size() == 1 ? " is " : " are ") + d +
                 ", beyond PXB: no GPUDirect RDMA under NCCL's defaults",
        .evidence = std::move(evidence),
        .explanation =
            "NCCL moves a GPU's network traffic with GPUDirect RDMA (the NIC reads and writes GPU memory "
            "directly) only when the NIC is at most PXB away (both below the same PCIe switches), the default "
            "of NCCL_NET_GDR_LEVEL. At " +
            d + " every transfer is staged through host memory and crosses the " +
            (near->distance == model::PciDistance::sys ? "socket interconnect" : "CPU's PCIe host bridge") +
            ": more latency, less bandwidth, CPU memory traffic. The NCCL log then shows NET/IB without /GDRDMA.",
        .remediation = {"nvidia-smi topo -m", "put a NIC below the PCIe switch of " + gpu.name +
                                                  " (or use the NIC nearest to it in NCCL_IB_HCA)"},
    });
  }
}

}  // namespace

engine::CheckInfo info_topo_gdr_distance() {
  return {
      .id = kId,
      .title = "Every GPU has an RDMA NIC within PXB (GPUDirect RDMA)",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::topology},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "From the GPU-NIC topology (sysfs, nvidia-smi topo -m or NCCL's topology dump), the distance from "
          "each GPU to its nearest RDMA NIC as nvidia-smi names it (PIX, PXB, PHB, NODE, SYS). Warns when it is "
          "beyond PXB: NCCL then uses no GPUDirect RDMA by default (NCCL_NET_GDR_LEVEL=PXB). Skipped without a "
          "topology, a GPU or a NIC.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
