// Building leaf-spine fabrics and switch rings.
#include "sim/lossless_fabric.hpp"

#include <cstdio>

namespace roce::sim {
namespace {

std::string numbered(const char* prefix, int n, int width) {
  char b[32];
  std::snprintf(b, sizeof b, "%s%0*d", prefix, width, n);
  return b;
}

// Locally administered MACs: 0c:42:a1 for host NICs (as ConnectX), 1c:34:da for switch ports.
std::string mac_of(bool is_switch, int node, int port) {
  char b[32];
  std::snprintf(b, sizeof b, "%s:%02x:%02x:%02x", is_switch ? "1c:34:da" : "0c:42:a1", node & 0xff, (node >> 8) & 0xff,
                port & 0xff);
  return b;
}

int add_port(Fabric& f, int node, std::uint32_t speed, std::uint32_t cable) {
  FabricNode& n = f.nodes[node];
  const int index = static_cast<int>(n.ports.size());
  FabricPort p;
  p.name = n.is_switch() ? "Ethernet" + std::to_string(4 * index)
                         : "ens1f" + std::to_string(index) + "np" + std::to_string(index);
  p.mac = mac_of(n.is_switch(), node, index);
  p.speed_mbps = speed;
  p.cable_m = cable;
  n.ports.push_back(p);
  return index;
}

void cable(Fabric& f, int a, int b, std::uint32_t speed, std::uint32_t cable_m) {
  const int pa = add_port(f, a, speed, cable_m), pb = add_port(f, b, speed, cable_m);
  f.nodes[a].ports[pa].peer_node = b;
  f.nodes[a].ports[pa].peer_port = pb;
  f.nodes[b].ports[pb].peer_node = a;
  f.nodes[b].ports[pb].peer_port = pa;
}

}  // namespace

int Fabric::leaf_of(int host) const {
  const FabricNode& n = nodes.at(host);
  return n.is_switch() || n.ports.empty() ? -1 : n.ports[0].peer_node;
}

int Fabric::node(const std::string& name) const {
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (nodes[i].name == name) return static_cast<int>(i);
  return -1;
}

Fabric leaf_spine(const LeafSpineShape& s) {
  Fabric f;
  int host_number = 0;
  for (int l = 0; l < s.leaves; ++l) {
    f.leaves.push_back(static_cast<int>(f.nodes.size()));
    f.nodes.push_back({numbered("leaf", l + 1, 2), NodeKind::leaf, {}});
  }
  for (int sp = 0; sp < s.spines; ++sp) {
    f.spines.push_back(static_cast<int>(f.nodes.size()));
    f.nodes.push_back({numbered("spine", sp + 1, 2), NodeKind::spine, {}});
  }
  for (int l = 0; l < s.leaves; ++l)
    for (int h = 0; h < s.hosts_per_leaf; ++h) {
      const int host = static_cast<int>(f.nodes.size());
      f.hosts.push_back(host);
      f.nodes.push_back({numbered("gpu", ++host_number, 3), NodeKind::host, {}});
      // The host's NIC port is its port 0 ("ens1f0np0"), the leaf's host ports come first.
      cable(f, host, f.leaves[l], s.speed_mbps, s.host_cable_m);
    }
  for (int l = 0; l < s.leaves; ++l)
    for (int sp = 0; sp < s.spines; ++sp) cable(f, f.leaves[l], f.spines[sp], s.speed_mbps, s.fabric_cable_m);
  return f;
}

void add_switch_ring(Fabric& f, const std::vector<int>& switches, std::uint32_t cable_m) {
  const std::size_t n = switches.size();
  for (std::size_t i = 0; i < n && n > 1; ++i) {
    const int a = switches[i], b = switches[(i + 1) % n];
    if (n == 2 && i == 1) break;
    cable(f, a, b, f.nodes[a].ports.empty() ? 100000 : f.nodes[a].ports[0].speed_mbps, cable_m);
  }
}

}  // namespace roce::sim
