// Fabrics from a leaf-spine design's parameters, or from the cables LLDP found.
#include "fabric/build.hpp"

#include <map>
#include <set>

namespace roce::fabric {
namespace {

// SONiC's names: a 400G port takes 8 lanes, so ports step by 8.
std::string port_name(int index) { return "Ethernet" + std::to_string(index * 8); }

Outcome unique_names(const std::vector<std::string>& hosts) {
  std::set<std::string> seen;
  for (const auto& h : hosts)
    if (!seen.insert(h).second) return fail("host " + h + " is listed twice", "each host once");
  return done();
}

int index_of(std::vector<std::string>& names, std::map<std::string, int>& index, const std::string& name) {
  auto [it, added] = index.emplace(name, static_cast<int>(names.size()));
  if (added) names.push_back(name);
  return it->second;
}

}  // namespace

Expected<Fabric> build_fabric(const std::vector<std::string>& hosts, const Design& design) {
  if (hosts.empty()) return fail("no host to build a fabric of", "give the hosts: a Slurm node list or a host file");
  if (design.rails < 1 || design.rails > 64)
    return fail("--rails " + std::to_string(design.rails) + ": 1 to 64 NICs per host");
  if (!design.devices.empty() && static_cast<int>(design.devices.size()) != design.rails)
    return fail(std::to_string(design.devices.size()) + " device names for " + std::to_string(design.rails) + " rails",
                "one RDMA device name per rail, in rail order");
  if (design.hosts_per_leaf < 0 || design.spines < 0) return fail("a negative count in the fabric's design");
  if (auto unique = unique_names(hosts); !unique) return fail(std::move(unique.error()));

  Fabric fabric;
  const int per_leaf = design.hosts_per_leaf == 0 ? static_cast<int>(hosts.size()) : design.hosts_per_leaf;
  const int groups = (static_cast<int>(hosts.size()) + per_leaf - 1) / per_leaf;
  const int leaves_per_group = design.rail_optimized ? design.rails : 1;
  for (int g = 0; g < groups; ++g)
    for (int l = 0; l < leaves_per_group; ++l)
      fabric.leaves.push_back("leaf-su" + std::to_string(g + 1) +
                              (design.rail_optimized ? "-r" + std::to_string(l) : std::string()));
  for (int s = 0; s < design.spines; ++s) fabric.spines.push_back("spine" + std::to_string(s + 1));
  for (int leaf = 0; leaf < static_cast<int>(fabric.leaves.size()); ++leaf)
    for (int s = 0; s < design.spines; ++s)
      fabric.uplinks.push_back(
          {leaf, s, port_name(per_leaf * (design.rail_optimized ? 1 : design.rails) + s), port_name(leaf)});

  for (int h = 0; h < static_cast<int>(hosts.size()); ++h) {
    Host host{hosts[h], {}};
    const int group = h / per_leaf, slot = h % per_leaf;
    for (int r = 0; r < design.rails; ++r) {
      Rail rail;
      rail.device = design.devices.empty() ? "mlx5_" + std::to_string(r) : design.devices[r];
      rail.line_gbps = design.line_gbps;
      rail.leaf = group * leaves_per_group + (design.rail_optimized ? r : 0);
      rail.leaf_port = port_name(design.rail_optimized ? slot : slot * design.rails + r);
      host.rails.push_back(std::move(rail));
    }
    fabric.hosts.push_back(std::move(host));
  }
  fabric.built_from = "parameters: " + std::to_string(hosts.size()) + " hosts x " + std::to_string(design.rails) +
                      " rails, " + (design.rail_optimized ? "rail-optimized, " : "") + std::to_string(per_leaf) +
                      " hosts per leaf, " + std::to_string(design.spines) + " spines";
  return fabric;
}

Expected<Fabric> fabric_from_cables(const std::vector<HostCable>& cables, const std::vector<SwitchCable>& uplinks) {
  if (cables.empty()) return fail("no host NIC to build a fabric of", "give the hosts' captures (roce-doctor collect)");
  Fabric fabric;
  std::map<std::string, int> host_index, leaf_index, spine_index;
  for (const auto& c : cables) {
    auto [it, added] = host_index.emplace(c.host, static_cast<int>(fabric.hosts.size()));
    if (added) fabric.hosts.push_back({c.host, {}});
    Host& host = fabric.hosts[it->second];
    for (const auto& r : host.rails)
      if (r.device == c.device) return fail("host " + c.host + " lists RDMA device " + c.device + " twice");
    Rail rail{c.device, c.netdev, c.line_gbps, -1, c.switch_port};
    if (!c.switch_name.empty()) rail.leaf = index_of(fabric.leaves, leaf_index, c.switch_name);
    host.rails.push_back(std::move(rail));
  }
  for (const auto& u : uplinks) {
    const auto leaf = leaf_index.find(u.leaf);
    if (leaf == leaf_index.end() || leaf_index.count(u.spine)) continue;  // not a leaf's link to a spine
    const int spine = index_of(fabric.spines, spine_index, u.spine);
    fabric.uplinks.push_back({leaf->second, spine, u.leaf_port, u.spine_port});
  }
  fabric.built_from = "LLDP: " + std::to_string(fabric.hosts.size()) + " hosts, " +
                      std::to_string(fabric.leaves.size()) + " leaves, " + std::to_string(fabric.spines.size()) +
                      " spines, " + std::to_string(fabric.uplinks.size()) + " leaf-spine links";
  return fabric;
}

}  // namespace roce::fabric
