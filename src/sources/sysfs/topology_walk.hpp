#pragma once
// The GPU–NIC topology of a host from its sysfs (or a copy of it under a root prefix): GPUs by PCI
// class and vendor, RDMA devices from class/infiniband, each one's PCIe path from its device
// symlink, with every link's width and speed and the NUMA node.
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "model/topology.hpp"

namespace roce::sources::sysfs {

/// What was read, and what could not be (one line per device or attribute).
struct SysfsTopology {
  model::Topology topology;
  std::vector<std::string> warnings;
};

/// Reads `sysfs_root` ("/sys", or a copied tree holding bus/pci/devices and class/infiniband).
/// GPUs (model::is_gpu), named GPU0, GPU1, ... in PCI address order as nvidia-smi numbers them. NICs:
/// every RDMA device with a PCI function (software devices such as rxe have none and are left
/// out). Missing attributes stay unknown; the pairs are classified (model/pci_distance.hpp).
SysfsTopology read_topology(const std::string& sysfs_root);

/// The topology as a host's observations hold it (model::Observations::topology, where a capture's
/// copied sys/ puts it): read_topology's when it finds a GPU, its warnings then notes on `host`
/// (subject "topology"); nullopt when there is no GPU.
std::optional<model::Topology> observed_topology(const std::string& sysfs_root, model::Host& host);

}  // namespace roce::sources::sysfs
