#pragma once
// Parser of NCCL's topology dump (NCCL_TOPO_DUMP_FILE): <system> of <cpu numaid> holding nested
// <pci busid class vendor link_speed link_width> elements, a <gpu dev> or <nic><net name> inside the
// device's <pci>.
#include <string>
#include <string_view>

#include "model/topology.hpp"
#include "util/expected.hpp"

namespace roce::topology {

/// GPUs (named GPU<dev>), NICs (one per <net>, named by its `name`), each one's PCI path as NCCL
/// records it (a PCIe switch is one <pci>, its upstream port) below its <cpu>, and the GPU–NIC
/// distances by NCCL's rule: both in one <pci> → PIX; a common <pci> with more between → PXB; one
/// <cpu> → PHB (NCCL's XML does not tell root complexes apart, so NODE never shows); two → SYS.
/// The XML's link_speed/link_width are NCCL's choice (a GPU's current link, any other device's
/// maximum), so no link is judged degraded from them (`has_links` is false).
/// A dump cut short (a paste that stops mid-file) is read up to its last whole tag: the devices
/// complete before the cut, and a notice in `notices` naming the line and the element it ends in.
/// Other malformed XML, or a file that is not NCCL's dump, is an error naming `name:line`.
Expected<model::Topology> parse_nccl_topo_xml(std::string_view text, const std::string& name);

}  // namespace roce::topology
