// Names of PCI distances and look-ups in a Topology.
#include "model/topology.hpp"

#include <algorithm>
#include <cctype>

namespace roce::model {

const char* to_string(PciDistance d) {
  switch (d) {
    case PciDistance::pix: return "PIX";
    case PciDistance::pxb: return "PXB";
    case PciDistance::phb: return "PHB";
    case PciDistance::node: return "NODE";
    case PciDistance::sys: return "SYS";
  }
  return "SYS";
}

std::optional<PciDistance> pci_distance_from(std::string_view text) {
  std::string upper(text);
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
  for (auto d : {PciDistance::pix, PciDistance::pxb, PciDistance::phb, PciDistance::node, PciDistance::sys})
    if (upper == to_string(d)) return d;
  return std::nullopt;
}

const GpuNicPair* Topology::pair(std::string_view gpu, std::string_view nic) const {
  for (const auto& p : pairs)
    if (p.gpu == gpu && p.nic == nic) return &p;
  return nullptr;
}

const TopoDevice* Topology::device(std::string_view name) const {
  for (const auto* list : {&gpus, &nics})
    for (const auto& d : *list)
      if (d.name == name) return &d;
  return nullptr;
}

}  // namespace roce::model
