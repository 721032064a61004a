#pragma once
// Fabrics built from what a site knows: parameters of a leaf-spine design, or the cables that
// LLDP (host captures, switch exports) found.
#include <string>
#include <vector>

#include "fabric/fabric.hpp"
#include "util/expected.hpp"

namespace roce::fabric {

/// A leaf-spine design, as a site describes it.
struct Design {
  int rails = 8;                       // NICs per host
  std::vector<std::string> devices{};  // the NICs' RDMA device names, one per rail (default mlx5_0..)
  double line_gbps = 400;              // each NIC port
  int hosts_per_leaf = 32;             // hosts under one leaf (per rail when rail-optimized); 0: all under one
  bool rail_optimized = true;          // rail i of the hosts under a leaf group goes to that group's rail-i leaf
  int spines = 8;                      // every leaf has one link to every spine; 0: spines not modelled
  bool operator==(const Design&) const = default;
};

/// Hosts in the given order, grouped under leaves in that order. Fails on no host, a duplicate
/// name, or a design that cannot be built (rails < 1, devices not one per rail).
Expected<Fabric> build_fabric(const std::vector<std::string>& hosts, const Design& design);

/// One NIC port's cable as LLDP found it (the switch's name and port as the switch says them).
struct HostCable {
  std::string host, device, netdev;
  double line_gbps = 0;
  std::string switch_name{}, switch_port{};  // empty: no LLDP neighbour known
};

/// One switch-switch cable (a leaf's LLDP neighbour that is a spine).
struct SwitchCable {
  std::string leaf, leaf_port, spine, spine_port;
};

/// A fabric from cables: every switch a host NIC is cabled to is a leaf, every switch a leaf is
/// cabled to (and no host is) a spine. Host rails keep the order of `cables` per host. A NIC
/// without a neighbour has no leaf; a leaf with no known uplink has no spine link.
Expected<Fabric> fabric_from_cables(const std::vector<HostCable>& cables, const std::vector<SwitchCable>& uplinks);

}  // namespace roce::fabric
