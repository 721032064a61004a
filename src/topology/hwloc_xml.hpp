#pragma once
// Parser of hwloc's XML (`lstopo --of xml`, hwloc 1.x, 2.x and 3.0 layouts): nested <object type=...>
// elements, host bridges and PCI bridges (type Bridge), PCI functions (PCIDev, pci_busid, pci_type),
// OS devices (OSDev name osdev_type) and NUMA nodes.
#include <string>
#include <string_view>

#include "model/topology.hpp"
#include "util/expected.hpp"

namespace roce::topology {

/// GPUs (PCI functions of a GPU class and vendor, as model::is_gpu() judges them; named GPU0, GPU1, ... in
/// PCI address order), NICs (one per OpenFabrics OS device, named by it: "mlx5_0"; a netdev alone
/// is no RDMA NIC), each one's PCI path below its host bridge, the NUMA node whose subtree holds it,
/// and the pairs classified as sysfs ones are (model/pci_distance.hpp). osdev_type is hwloc's enum before the
/// 3.0 layout (OpenFabrics = 3) and a bit mask from it on (OpenFabrics = 32). hwloc records one
/// figure per link (pci_link_speed, GB/s, current), kept as the hop's current speed; with no width
/// and no maximum no link is judged degraded from it (`has_links` is false). Malformed XML or a
/// file that is not hwloc's is an error naming `name:line`.
Expected<model::Topology> parse_hwloc_xml(std::string_view text, const std::string& name);

/// Does this text look like hwloc's XML (a <topology> root) rather than NCCL's (<system>)?
bool looks_like_hwloc_xml(std::string_view text);

}  // namespace roce::topology
