#pragma once
// How far apart a GPU and a NIC are, from their PCIe paths: the rule nvidia-smi's legend states,
// applied to the sysfs tree.
#include <optional>

#include "model/topology.hpp"

namespace roce::topology {

/// The distance between two devices whose root complex and path are known, as `nvidia-smi topo -m`
/// names it: both below one PCIe switch (its upstream port, or one downstream port) → PIX; below a
/// common bridge with more bridges between it and either device (cascaded switches) → PXB; on one
/// root complex → PHB; on two root complexes of one NUMA node → NODE; otherwise (other node, or a
/// node unknown) → SYS. nullopt when either root complex is unknown.
std::optional<model::PciDistance> classify(const model::TopoDevice& a, const model::TopoDevice& b);

/// Fills `topology.pairs` with every GPU–NIC pair that classify() can place.
void classify_pairs(model::Topology& topology);

}  // namespace roce::topology
