#pragma once
// The cabling of a simulated RoCE fabric: hosts (one NIC port each) and switches (leaves, spines)
// joined by cables, each with a speed and a length. Leaf-spine by default; a ring of switch-to-switch
// cables can be added (three leaves cabled to each other, as MLAG peer links or a mis-cabled pod
// are). Names are those the real sources use: hosts gpu001 with ens1f0np0 / mlx5_0, switches leaf01
// and spine01 with SONiC ports Ethernet0, Ethernet4, ...
#include <cstdint>
#include <string>
#include <vector>

namespace roce::sim {

enum class NodeKind { host, leaf, spine };

struct FabricPort {
  std::string name;  // "ens1f0np0", "Ethernet8"
  std::string mac;   // the port's own MAC (LLDP shows it)
  int peer_node = -1, peer_port = -1;
  std::uint32_t speed_mbps = 100000;
  std::uint32_t cable_m = 3;
};

struct FabricNode {
  std::string name;
  NodeKind kind = NodeKind::host;
  std::vector<FabricPort> ports;
  bool is_switch() const { return kind != NodeKind::host; }
};

struct Fabric {
  std::vector<FabricNode> nodes;
  std::uint32_t mtu = 4200;                // the netdev MTU of every port (RoCE MTU 4096 frames fit)
  std::uint8_t lossless = 1 << 3;          // bit p: PFC on priority p
  std::vector<int> hosts, leaves, spines;  // node indices by kind
  /// The leaf a host is cabled to (-1 for a switch).
  int leaf_of(int host) const;
  int node(const std::string& name) const;  // -1 when there is none
};

struct LeafSpineShape {
  int leaves = 2;
  int hosts_per_leaf = 4;
  int spines = 2;
  std::uint32_t speed_mbps = 100000;
  std::uint32_t host_cable_m = 3;     // DAC inside the rack
  std::uint32_t fabric_cable_m = 30;  // leaf to spine optics
};

Fabric leaf_spine(const LeafSpineShape& shape);

/// Cables switch i to switch i+1 of `switches` (and the last to the first) on new ports.
void add_switch_ring(Fabric& fabric, const std::vector<int>& switches, std::uint32_t cable_m = 10);

}  // namespace roce::sim
