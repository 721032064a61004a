#pragma once
// How far apart a GPU and a NIC are, from their PCIe paths: the rule nvidia-smi's legend states,
// applied to the sysfs tree; and which PCI functions are GPUs.
#include <optional>
#include <string>

#include "model/topology.hpp"

namespace roce::model {

/// The distance between two devices whose root complex and path are known, as `nvidia-smi topo -m`
/// names it: both below one PCIe switch (its upstream port, or one downstream port) → PIX; below a
/// common bridge with more bridges between it and either device (cascaded switches) → PXB; on one
/// root complex → PHB; on two root complexes of one NUMA node → NODE; otherwise (other node, or a
/// node unknown) → SYS. nullopt when either root complex is unknown.
std::optional<model::PciDistance> classify(const model::TopoDevice& a, const model::TopoDevice& b);

/// Whether a PCI function of this vendor and class ("0x10de", "0x030200") is a GPU or accelerator:
/// NVIDIA (vendor 0x10de, class 0x0300/0x0302) and AMD accelerators (0x1002, class 0x0302, 0x0380 or 0x12).
bool is_gpu(const std::string& vendor, const std::string& pci_class);

/// Fills `topology.pairs` with every GPU–NIC pair that classify() can place.
void classify_pairs(model::Topology& topology);

}  // namespace roce::model
