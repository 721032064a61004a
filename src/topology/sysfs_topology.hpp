#pragma once
// The GPU–NIC topology of a host from its sysfs (or a copy of it under a root prefix): GPUs by PCI
// class and vendor, RDMA devices from class/infiniband, each one's PCIe path from its device
// symlink, with every link's width and speed and the NUMA node.
#include <string>
#include <vector>

#include "model/topology.hpp"

namespace roce::topology {

/// What was read, and what could not be (one line per device or attribute).
struct SysfsTopology {
  model::Topology topology;
  std::vector<std::string> warnings;
};

/// Reads `sysfs_root` ("/sys", or a copied tree holding bus/pci/devices and class/infiniband).
/// GPUs: NVIDIA (vendor 0x10de, class 0x0300/0x0302) and AMD accelerators (0x1002, class 0x0302,
/// 0x0380 or 0x12), named GPU0, GPU1, ... in PCI address order as nvidia-smi numbers them. NICs:
/// every RDMA device with a PCI function (software devices such as rxe have none and are left
/// out). Missing attributes stay unknown; the pairs are classified (classify.hpp).
SysfsTopology read_sysfs_topology(const std::string& sysfs_root);

/// Whether a PCI function of this vendor and class ("0x10de", "0x030200") is a GPU or accelerator.
bool is_gpu(const std::string& vendor, const std::string& pci_class);

}  // namespace roce::topology
