// NCCL-GDR: NCCL uses GPUDirect RDMA where NCCL_NET_GDR_LEVEL and the GPU-NIC topology allow it.
// Without it every NET transfer is staged through host memory: more PCIe traffic, more latency,
// less bandwidth.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "checks/nccl_common.hpp"
#include "checks/topo_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "NCCL-GDR";

// The NCCL variable that sets the GDR level, and its value, as the process echoed it.
std::optional<std::pair<std::string, std::string>> gdr_level_setting(const NcclProcess& p) {
  for (const char* name : {"NCCL_NET_GDR_LEVEL", "NCCL_IB_GDR_LEVEL"})
    if (auto v = nccl_env(p, name)) return std::pair{std::string(name), *v};
  return std::nullopt;
}

// LOC (0): the GPU and the NIC must share the same device, which never happens: GDR is off.
bool forbids(const std::string& level) { return level == "LOC" || level == "0"; }

// The farthest GPU-NIC distance at which the level lets NCCL use GDR, nullopt for a value it does
// not know. Names as NCCL takes them; integers are NCCL's older scale (0 LOC, 1 PIX, 2 PXB, 3 PHB,
// 4 and above SYS). NCCL's PHB covers nvidia-smi's PHB and NODE (host bridges of one CPU).
std::optional<model::PciDistance> farthest_allowed(const std::string& level) {
  std::string upper;
  for (char c : level) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  int scale = -1;
  if (!upper.empty() && upper.size() < 6 &&
      std::all_of(upper.begin(), upper.end(), [](unsigned char c) { return std::isdigit(c) != 0; }))
    scale = std::stoi(upper);
  if (upper == "PIX" || scale == 1) return model::PciDistance::pix;
  if (upper == "PXB" || scale == 2) return model::PciDistance::pxb;
  if (upper == "PHB" || scale == 3) return model::PciDistance::node;
  if (upper == "SYS" || scale >= 4) return model::PciDistance::sys;
  return std::nullopt;
}

// A PCI address as one number, the way NCCL prints a busId: "0000:b1:00.0" and "b1000" are 0xb1000.
std::optional<std::uint64_t> pci_number(std::string_view text) {
  std::uint64_t v = 0;
  int digits = 0;
  for (char c : text) {
    if (c == ':' || c == '.') continue;
    const int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                  : std::isxdigit(static_cast<unsigned char>(c))
                      ? std::tolower(static_cast<unsigned char>(c)) - 'a' + 10
                      : -1;
    if (d < 0 || ++digits > 16) return std::nullopt;
    v = v * 16 + static_cast<std::uint64_t>(d);
  }
  if (digits == 0) return std::nullopt;
  return v;
}

// The process's GPU in the topology: by PCI address when both name one, else by nvidia-smi's index
// (the CUDA device of the log's prefix is numbered per process and says nothing here).
const model::TopoDevice* gpu_of(const model::Topology& t, const model::NcclRank& r) {
  const auto bus = pci_number(r.gpu_bus_id);
  for (const auto& g : t.gpus)
    if (bus && pci_number(g.pci_address) == bus) return &g;
  if (!r.nvml_device) return nullptr;
  for (const auto& g : t.gpus) {
    const bool by_address = bus && !g.pci_address.empty();  // then the address alone decides
    if (!by_address && g.name == "GPU" + std::to_string(*r.nvml_device)) return &g;
  }
  return nullptr;
}

// The NICs whose NET connections the process made: the devices of its "via NET/IB/<n>" indexes, or
// every device it listed when an index is not one of them (a merged device of an older NCCL).
std::vector<const model::NcclNetDevice*> nics_used(const model::NcclRank& r) {
  std::vector<const model::NcclNetDevice*> out;
  for (const auto& used : r.channels.per_net_device) {
    const auto devices = nccl_devices_at(r, used.first);
    if (devices.empty()) {
      out.clear();
      break;
    }
    for (const auto* d : devices)
      if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  }
  if (out.empty())
    for (const auto& d : r.devices) out.push_back(&d);
  return out;
}

// The topology's pair of `gpu` and the NIC: by the NIC's name, else by the PCI address NCCL 2.27+
// logged for it (its function is always 0 there, so the card's domain, bus and device decide).
const model::GpuNicPair* pair_of(const model::Topology& t, const std::string& gpu, const model::NcclNetDevice& nic) {
  if (const auto* pair = t.pair(gpu, nic.name)) return pair;
  const auto card = pci_number(nic.pci_address);
  if (!card) return nullptr;
  for (const auto& n : t.nics)
    if (const auto address = pci_number(n.pci_address); address && (*address >> 4) == (*card >> 4))
      if (const auto* pair = t.pair(gpu, n.name)) return pair;
  return nullptr;
}

// Processes that forbid GDR through the variable: one warning.
void judge_forbidden(const engine::Context& ctx, engine::Reporter& r) {
  std::vector<NcclProcess> forbidding;
  std::string var, value;
  std::uint64_t net = 0, gdr = 0;
  for (const auto& p : nccl_processes(ctx)) {
    auto setting = gdr_level_setting(p);
    if (!setting || !forbids(setting->second)) continue;
    if (forbidding.empty()) var = setting->first, value = setting->second;
    forbidding.push_back(p);
    net += p.rank->channels.net;
    gdr += p.rank->channels.net_gdr;
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

// One process of this host whose NET connections all went without GDR although its GPU and a NIC
// it used are near enough.
struct Missed {
  NcclProcess process;
  std::string gpu, nic;
  model::PciDistance distance;
  std::string level;  // "PXB (default)", "SYS (NCCL_NET_GDR_LEVEL)"
};

// Processes of this host without GDR where the topology allows it: one warning.
void judge_against_topology(const engine::Context& ctx, engine::Reporter& r) {
  const auto& t = *ctx.observations().topology;
  std::vector<Missed> missed;
  for (const auto& p : nccl_processes_on_host(ctx)) {
    const model::NcclRank& rank = *p.rank;
    if (rank.channels.net == 0 || rank.channels.net_gdr > 0) continue;  // nothing over the network, or GDR in use
    const auto setting = gdr_level_setting(p);
    if (setting && forbids(setting->second)) continue;  // judged above
    const auto allowed = setting ? farthest_allowed(setting->second) : model::PciDistance::pxb;
    if (!allowed) {
      r.skip(p.name(), setting->first + "=" + setting->second + " is not a level NCCL names");
      continue;
    }
    const model::TopoDevice* gpu = gpu_of(t, rank);
    if (!gpu) {
      r.skip(p.name(), "its GPU (busId " + (rank.gpu_bus_id.empty() ? "not logged" : rank.gpu_bus_id) +
                           ") is not in the topology (" + t.from.locator + ")");
      continue;
    }
    const model::GpuNicPair* nearest = nullptr;
    for (const auto* nic : nics_used(rank))
      if (const auto* pair = pair_of(t, gpu->name, *nic); pair && (!nearest || pair->distance < nearest->distance))
        nearest = pair;
    if (!nearest) {
      r.skip(p.name(), "the topology relates " + gpu->name + " to none of the NICs it used");
      continue;
    }
    r.evaluated();
    if (nearest->distance > *allowed) continue;
    const std::string level = setting ? setting->second + " (" + setting->first + ")" : "PXB (NCCL's default)";
    missed.push_back({p, gpu->name, nearest->nic, nearest->distance, level});
  }
  if (missed.empty()) return;
  std::vector<NcclProcess> processes;
  std::uint64_t net = 0;
  for (const auto& m : missed) {
    processes.push_back(m.process);
    net += m.process.rank->channels.net;
  }
  const Missed& first = missed.front();
  const std::string d = model::to_string(first.distance);
  r.finding({
      .severity = engine::Severity::warning,
      .subject = {},
      .title = "no GPUDirect RDMA in " + std::to_string(missed.size()) + " process" + (missed.size() == 1 ? "" : "es") +
               " (" + process_list(processes) + ") although " + first.gpu + " and " + first.nic + " are " + d +
               " apart; " + std::to_string(net) + " NET connections without GDRDMA",
      .evidence = {nccl_evidence(first.process, "NET connections with /GDRDMA",
                                 "0 of " + std::to_string(first.process.rank->channels.net)),
                   topo::fact(t, first.gpu + " - " + first.nic, d)},
      .explanation =
          "The topology puts the process's GPU and the NIC it used " + d + " apart, within the GDR level " +
          first.level +
          ", so NCCL should have moved the data with GPUDirect RDMA (the NIC "
          "reading and writing GPU memory); yet none of its channels shows /GDRDMA and every transfer was staged "
          "through host memory. NCCL turns GDR off when the NIC driver cannot register GPU memory: the "
          "nvidia-peermem module (nv_peer_mem on old stacks) is not loaded and DMA-BUF is not available; also "
          "when PCIe ACS or the IOMMU sends peer-to-peer traffic up to the root complex, or the GPU does not "
          "support GPUDirect RDMA.",
      .remediation = {"lsmod | grep -E 'nvidia_peermem|nv_peer_mem'", "modprobe nvidia-peermem",
                      "rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET: NCCL says why it disabled GPU Direct "
                      "RDMA for each HCA"},
  });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  r.evaluated();
  judge_forbidden(ctx, r);
  if (ctx.observations().topology) judge_against_topology(ctx, r);
}

}  // namespace

engine::CheckInfo info_nccl_gdr() {
  return {
      .id = kId,
      .title = "NCCL uses GPUDirect RDMA where NCCL_NET_GDR_LEVEL and the topology allow it",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::nccl_log},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "From the job's NCCL log: a process that echoed NCCL_NET_GDR_LEVEL (or the older NCCL_IB_GDR_LEVEL) "
          "as LOC or 0 never uses GPUDirect RDMA; a warning with how many of its NET connections went without "
          "/GDRDMA. With the host's GPU-NIC topology as well (a capture that holds one, or a topology file): a "
          "process of this host none of whose NET connections used /GDRDMA although its GPU (found by the "
          "busId, else the nvmlDev, of its ncclCommInitRank line) and a NIC it used (by name, else by the PCI "
          "address of NCCL 2.27's device line) sit within the GDR level "
          "(PXB unless the variable says otherwise) is a warning naming the likely causes (nvidia-peermem not "
          "loaded, ACS/IOMMU, a GPU without GPUDirect RDMA). Processes whose GPU or NICs the topology does "
          "not relate are skipped, saying so.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
