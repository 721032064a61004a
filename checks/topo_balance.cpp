// TOPO-BALANCE: the NICs are spread so that no GPU starves: every NUMA node with GPUs has an RDMA
// NIC, and no NIC is the nearest one of more GPUs than the profile allows.
#include <map>
#include <set>

#include "checks/common.hpp"
#include "checks/topo_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "TOPO-BALANCE";
constexpr double kMaxGpusPerNic = 2;

void numa_without_nic(const model::Topology& t, engine::Reporter& r) {
  std::map<int, std::vector<std::string>> gpus_on;
  std::set<int> nic_nodes;
  for (const auto& g : t.gpus)
    if (g.numa_node) gpus_on[*g.numa_node].push_back(g.name);
  for (const auto& n : t.nics)
    if (n.numa_node) nic_nodes.insert(*n.numa_node);
  if (gpus_on.empty() || nic_nodes.empty())
    return r.skip("NUMA", "NUMA nodes of the GPUs or the NICs unknown (" + t.from.source + ")");
  r.evaluated();
  for (const auto& [node, gpus] : gpus_on) {
    if (nic_nodes.count(node)) continue;
    std::string nodes;
    for (int n : nic_nodes) nodes += (nodes.empty() ? "" : ", ") + std::to_string(n);
    r.finding({
        .severity = engine::Severity::warning,
        .subject = {},
        .title = "NUMA node " + std::to_string(node) + " has " + std::to_string(gpus.size()) + " GPU" +
                 (gpus.size() == 1 ? "" : "s") + " (" + topo::listing(gpus) + ") and no RDMA NIC",
        .evidence = {topo::fact(t, "GPUs on NUMA node " + std::to_string(node), topo::listing(gpus)),
                     topo::fact(t, "NUMA nodes with an RDMA NIC", nodes)},
        .explanation =
            "Every network transfer of these GPUs crosses the socket interconnect (SYS) to a NIC of another node: "
            "no GPUDirect RDMA, and their traffic competes with the other socket's GPUs for its NICs and for the "
            "interconnect's bandwidth. The job runs at the pace of its slowest rank.",
        .remediation = {"nvidia-smi topo -m", "install an RDMA NIC on NUMA node " + std::to_string(node) +
                                                  " (the slots of that socket), or keep jobs off these GPUs"},
    });
  }
}

void shared_nics(const model::Topology& t, double max_per_nic, engine::Reporter& r) {
  std::map<std::string, std::vector<std::string>> served;  // NIC -> GPUs that have it nearest
  bool any = false;
  for (const auto& g : t.gpus) {
    const auto near = topo::nearest_nics(t, g.name);
    if (!near) continue;
    any = true;
    // A GPU with several equally near NICs can use each: it loads none of them alone.
    if (near->nics.size() == 1) served[near->nics[0]].push_back(g.name);
  }
  if (!any) return r.skip("NICs", "no GPU-NIC distance known");
  r.evaluated();
  for (const auto& [nic, gpus] : served) {
    if (static_cast<double>(gpus.size()) <= max_per_nic) continue;
    r.finding({
        .severity = engine::Severity::warning,
        .subject = {.rdma_device = nic},
        .title = nic + " is the nearest RDMA NIC of " + std::to_string(gpus.size()) + " GPUs (" + topo::listing(gpus) +
                 "), more than " + std::to_string(static_cast<int>(max_per_nic)),
        .evidence = {topo::fact(t, "GPUs nearest to " + nic, topo::listing(gpus)),
                     topo::fact(t, "GPUs", std::to_string(t.gpus.size())),
                     topo::fact(t, "RDMA NICs", std::to_string(t.nics.size()))},
        .explanation =
            "NCCL gives each GPU its nearest NIC: GPUs that share one NIC split its line rate between them, so each "
            "gets a fraction of what a GPU with its own NIC gets, and the collective runs at the pace of the most "
            "loaded NIC.",
        .remediation = {"nvidia-smi topo -m",
                        "add NICs so that each PCIe switch with GPUs has one, or raise [thresholds." +
                            std::string(kId) + "] max_gpus_per_nic for a design that shares NICs"},
    });
  }
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto& t = *ctx.observations().topology;
  if (t.gpus.empty()) return r.skip("topology", "no GPU in the topology (" + t.from.locator + ")");
  if (t.nics.empty()) return r.skip("topology", "no RDMA NIC in the topology (" + t.from.locator + ")");
  numa_without_nic(t, r);
  shared_nics(t, ctx.profile.threshold(kId, "max_gpus_per_nic", kMaxGpusPerNic), r);
}

}  // namespace

engine::CheckInfo info_topo_balance() {
  return {
      .id = kId,
      .title = "GPUs and RDMA NICs balanced across NUMA nodes and switches",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::topology},
      .profile_keys = {},
      .thresholds = {{"max_gpus_per_nic", kMaxGpusPerNic, "GPUs one RDMA NIC may be the only nearest NIC of"}},
      .explained_by = {},
      .doc =
          "From the GPU-NIC topology: warns for each NUMA node that holds GPUs but no RDMA NIC (their traffic "
          "crosses sockets), and for each NIC that is the only nearest NIC of more GPUs than max_gpus_per_nic "
          "(they split its line rate). Parts whose inputs are unknown (NUMA nodes in nvidia-smi output) are "
          "skipped.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
