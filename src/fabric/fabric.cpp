// Host rails as small numbers, the components a test crosses, and their names.
#include "fabric/fabric.hpp"

namespace roce::fabric {

const char* to_string(Kind kind) {
  switch (kind) {
    case Kind::nic: return "nic";
    case Kind::pcie: return "pcie";
    case Kind::cable: return "cable";
    case Kind::leaf_port: return "leaf-port";
    case Kind::spine_link: return "spine-link";
  }
  return "?";
}

HostRails::HostRails(const Fabric& fabric) {
  for (int h = 0; h < static_cast<int>(fabric.hosts.size()); ++h) {
    first_.push_back(static_cast<std::uint32_t>(host_.size()));
    for (int r = 0; r < static_cast<int>(fabric.hosts[h].rails.size()); ++r) {
      host_.push_back(h);
      rail_.push_back(r);
    }
  }
}

std::optional<HostRail> HostRails::of(int h, int r) const {
  if (h < 0 || h >= static_cast<int>(first_.size()) || r < 0) return std::nullopt;
  const std::uint32_t hr = first_[h] + static_cast<std::uint32_t>(r);
  if (hr >= host_.size() || host_[hr] != h) return std::nullopt;
  return hr;
}

std::uint32_t HostRails::dense(Component c) const {
  if (c.kind == Kind::spine_link) return static_cast<std::uint32_t>(4 * size()) + c.index;
  return static_cast<std::uint32_t>(c.kind) * static_cast<std::uint32_t>(size()) + c.index;
}

Component HostRails::component(std::uint32_t dense, const Fabric&) const {
  const auto n = static_cast<std::uint32_t>(size());
  if (dense >= 4 * n) return {Kind::spine_link, dense - 4 * n};
  return {static_cast<Kind>(dense / n), dense % n};
}

namespace {

void add_host_side(std::vector<Hop>& hops, HostRail hr, Direction d, bool outward) {
  const Kind order[] = {Kind::nic, Kind::pcie, Kind::cable, Kind::leaf_port};
  if (outward)
    for (Kind k : order) hops.push_back({{k, hr}, d});
  else
    for (int i = 3; i >= 0; --i) hops.push_back({{order[i], hr}, d});
}

}  // namespace

Path path_of(const Fabric& fabric, const HostRails& rails, HostRail client, HostRail server) {
  Path path;
  if (client == server) {
    path.fixed = {{{Kind::pcie, client}, Direction::both}};
    return path;
  }
  add_host_side(path.fixed, client, Direction::out, true);
  add_host_side(path.fixed, server, Direction::in, false);
  const Rail& a = fabric.hosts[rails.host(client)].rails[rails.rail(client)];
  const Rail& b = fabric.hosts[rails.host(server)].rails[rails.rail(server)];
  if (a.leaf < 0 || b.leaf < 0 || a.leaf == b.leaf) return path;
  // Every spine both leaves reach is a way the flow may take: up from a's leaf, down to b's.
  for (std::uint32_t up = 0; up < fabric.uplinks.size(); ++up) {
    if (fabric.uplinks[up].leaf != a.leaf) continue;
    for (std::uint32_t down = 0; down < fabric.uplinks.size(); ++down)
      if (fabric.uplinks[down].leaf == b.leaf && fabric.uplinks[down].spine == fabric.uplinks[up].spine)
        path.spine_choices.push_back(
            {{{Kind::spine_link, up}, Direction::out}, {{Kind::spine_link, down}, Direction::in}});
  }
  return path;
}

std::string name_of(const Fabric& fabric, const HostRails& rails, HostRail hr) {
  const Host& host = fabric.hosts[rails.host(hr)];
  return host.name + " " + host.rails[rails.rail(hr)].device;
}

std::string name_of(const Fabric& fabric, const HostRails& rails, Component c) {
  if (c.kind == Kind::spine_link) {
    const Uplink& u = fabric.uplinks[c.index];
    std::string text = fabric.leaves[u.leaf];
    if (!u.leaf_port.empty()) text += " " + u.leaf_port;
    text += " - " + fabric.spines[u.spine];
    if (!u.spine_port.empty()) text += " " + u.spine_port;
    return text;
  }
  const Rail& rail = fabric.hosts[rails.host(c.index)].rails[rails.rail(c.index)];
  const std::string nic = name_of(fabric, rails, c.index);
  const std::string leaf_end = rail.leaf < 0
                                   ? std::string("its switch port")
                                   : fabric.leaves[rail.leaf] + (rail.leaf_port.empty() ? "" : " " + rail.leaf_port);
  switch (c.kind) {
    case Kind::nic: return nic + " NIC port";
    case Kind::pcie: return nic + " PCIe";
    case Kind::cable: return "cable " + nic + " - " + leaf_end;
    case Kind::leaf_port: return rail.leaf < 0 ? "the switch port of " + nic : leaf_end + " (to " + nic + ")";
    case Kind::spine_link: break;
  }
  return nic;
}

}  // namespace roce::fabric
