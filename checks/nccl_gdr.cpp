// NCCL-GDR: GPUDirect RDMA is not forbidden by NCCL_NET_GDR_LEVEL. Without it every NET transfer is
// staged through host memory: more PCIe traffic, more latency, less bandwidth.
#include "checks/nccl_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "NCCL-GDR";

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  r.evaluated();
  std::vector<NcclProcess> forbidding;
  std::string var, value;
  std::uint64_t net = 0, gdr = 0;
  for (const auto& p : nccl_processes(ctx)) {
    for (const char* name : {"NCCL_NET_GDR_LEVEL", "NCCL_IB_GDR_LEVEL"}) {
      auto v = nccl_env(p, name);
      // LOC (0): the GPU and the NIC must share the same device, which never happens: GDR is off.
      if (!v || (*v != "LOC" && *v != "0")) continue;
      if (forbidding.empty()) var = name, value = *v;
      forbidding.push_back(p);
      net += p.rank->channels.net;
      gdr += p.rank->channels.net_gdr;
      break;
    }
  }
  if (forbidding.empty()) return;
  r.finding({
      .severity = engine::Severity::warning,
      .subject = {},
      .title = var + "=" + value + " forbids GPUDirect RDMA in " + std::to_string(forbidding.size()) + " process" +
               (forbidding.size() == 1 ? "" : "es") + " (" + process_list(forbidding) + "); " +
               std::to_string(net - gdr) + " of " + std::to_string(net) + " NET connections without GDRDMA",
      .evidence = {nccl_evidence(forbidding.front(), var, value)},
      .explanation = "NCCL_NET_GDR_LEVEL is the farthest PCIe distance between GPU and NIC at which NCCL uses "
                     "GPUDirect RDMA. LOC (0) allows none, so every network transfer is copied through host memory "
                     "by the proxy thread: more PCIe and memory traffic, higher latency and lower bus bandwidth.",
      .remediation = {"unset " + var + "   # NCCL's default follows the topology (PXB)", "nvidia-smi topo -m"},
  });
}

}  // namespace

engine::CheckInfo info_nccl_gdr() {
  return {
      .id = kId,
      .title = "NCCL_NET_GDR_LEVEL does not forbid GPUDirect RDMA",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::nccl_log},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "From the job's NCCL log: a process that echoed NCCL_NET_GDR_LEVEL (or the older NCCL_IB_GDR_LEVEL) "
          "as LOC or 0 never uses GPUDirect RDMA; a warning with how many of its NET connections went without "
          "/GDRDMA. (Whether GDR should be used given the GPU-NIC topology is not judged here.)",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
