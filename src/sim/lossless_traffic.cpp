// Routing flows over a simulated fabric.
#include "sim/lossless_traffic.hpp"

namespace roce::sim {
namespace {

int port_towards(const FabricNode& from, int to) {
  for (std::size_t i = 0; i < from.ports.size(); ++i)
    if (from.ports[i].peer_node == to) return static_cast<int>(i);
  return -1;
}

}  // namespace

int ecmp_choice(int src, int dst, std::uint32_t flow_number, int n) {
  if (n <= 1) return 0;
  // FNV-1a over the 5-tuple's parts that differ: stable across platforms and runs.
  std::uint64_t h = 1469598103934665603ull;
  for (std::uint64_t v : {static_cast<std::uint64_t>(src), static_cast<std::uint64_t>(dst),
                          static_cast<std::uint64_t>(49152 + flow_number % 16384)})
    for (int b = 0; b < 8; ++b) {
      h ^= (v >> (8 * b)) & 0xff;
      h *= 1099511628211ull;
    }
  return static_cast<int>(h % static_cast<std::uint64_t>(n));
}

std::vector<Hop> route(const Fabric& f, const Flow& flow, std::uint32_t flow_number) {
  const int nodes = static_cast<int>(f.nodes.size());
  if (flow.src < 0 || flow.dst < 0 || flow.src >= nodes || flow.dst >= nodes || flow.src == flow.dst) return {};
  if (f.nodes[flow.src].is_switch() || f.nodes[flow.dst].is_switch()) return {};
  std::vector<int> switches = flow.via;
  if (switches.empty()) {
    const int a = f.leaf_of(flow.src), b = f.leaf_of(flow.dst);
    switches.push_back(a);
    if (a != b) {
      if (f.spines.empty()) return {};
      switches.push_back(f.spines[ecmp_choice(flow.src, flow.dst, flow_number, static_cast<int>(f.spines.size()))]);
      switches.push_back(b);
    }
  }
  std::vector<Hop> hops;
  int at = flow.src;
  for (std::size_t i = 0; i <= switches.size(); ++i) {
    const int next = i < switches.size() ? switches[i] : flow.dst;
    const int port = port_towards(f.nodes[at], next);
    if (port < 0) return {};
    hops.push_back({at, port});
    at = next;
  }
  return hops;
}

}  // namespace roce::sim
