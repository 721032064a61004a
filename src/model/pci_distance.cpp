// The GPU–NIC distance rule of nvidia-smi's legend, on PCIe paths, and what a GPU is by PCI IDs.
#include "model/pci_distance.hpp"

#include <algorithm>

namespace roce::model {

std::optional<model::PciDistance> classify(const model::TopoDevice& a, const model::TopoDevice& b) {
  using model::PciDistance;
  if (a.root.empty() || b.root.empty() || a.path.empty() || b.path.empty()) return std::nullopt;
  std::size_t common = 0;
  if (a.root == b.root)
    while (common < a.path.size() && common < b.path.size() && a.path[common].address == b.path[common].address)
      ++common;
  if (common == 0) {
    if (a.root == b.root) return PciDistance::phb;
    if (a.numa_node && b.numa_node && *a.numa_node == *b.numa_node) return PciDistance::node;
    return PciDistance::sys;
  }
  // Functions strictly between the deepest common bridge and each device. A switch's upstream and
  // downstream port count as one step (NCCL walks them as one hop): one function between is PIX.
  auto between = [common](const model::TopoDevice& d) {
    return d.path.size() > common ? d.path.size() - common - 1 : 0;
  };
  return std::max(between(a), between(b)) <= 1 ? PciDistance::pix : PciDistance::pxb;
}

void classify_pairs(model::Topology& topology) {
  topology.pairs.clear();
  for (const auto& gpu : topology.gpus)
    for (const auto& nic : topology.nics)
      if (auto d = classify(gpu, nic)) topology.pairs.push_back({gpu.name, nic.name, *d});
}

bool is_gpu(const std::string& vendor, const std::string& pci_class) {
  auto starts = [&](const char* prefix) { return pci_class.rfind(prefix, 0) == 0; };
  if (vendor == "0x10de") return starts("0x0300") || starts("0x0302");
  if (vendor == "0x1002") return starts("0x0302") || starts("0x0380") || starts("0x12");
  return false;
}

}  // namespace roce::model
