#pragma once
// A copied sysfs tree's topology, as find_topology reads a capture's sys/: the live reader
// (sources/sysfs/topology_walk.hpp) under the topology/ names the engine's topology tests use.
#include "model/pci_distance.hpp"
#include "sources/sysfs/topology_walk.hpp"

namespace roce::topology {

using sources::sysfs::SysfsTopology;

/// sources::sysfs::read_topology.
inline SysfsTopology read_sysfs_topology(const std::string& sysfs_root) {
  return sources::sysfs::read_topology(sysfs_root);
}

}  // namespace roce::topology
