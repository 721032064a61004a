// Pairing host netdevs with switch ports: host LLDP, then the switch's LLDP table, then /31s.
#include "switch/cable_join.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include "switch/text_values.hpp"

namespace roce::switches {
namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// "10.1.0.1/31" as the address and its /31 network; nullopt for anything else.
struct V4 {
  std::uint32_t address = 0;
};
std::optional<V4> ipv4_31(const std::string& cidr) {
  const auto slash = cidr.find('/');
  if (slash == std::string::npos || cidr.substr(slash + 1) != "31") return std::nullopt;
  const auto parts = split_list(cidr.substr(0, slash), '.');
  if (parts.size() != 4) return std::nullopt;
  std::uint32_t a = 0;
  for (const auto& p : parts) {
    auto v = parse_unsigned(p);
    if (!v || *v > 255 || p.find(',') != std::string::npos) return std::nullopt;
    a = (a << 8) | static_cast<std::uint32_t>(*v);
  }
  return V4{a};
}

const model::SwitchPort* port_by_lldp_id(const model::Switch& s, const std::string& id) {
  for (const auto& p : s.ports)
    if (p.name == id || (p.alias.ok() && *p.alias == id)) return &p;
  return nullptr;
}

bool paired(const std::vector<model::Cable>& cables, const std::string& netdev) {
  return std::any_of(cables.begin(), cables.end(), [&](const model::Cable& c) { return c.host_netdev == netdev; });
}

}  // namespace

// A port the global view of a switch covers (Switch::every_port), made under the name the host's
// LLDP gives it; null when the switch has no such view.
const model::SwitchPort* port_of_every_port_view(model::Switch& s, const std::string& id) {
  if (s.every_port.name.empty() || id.empty()) return nullptr;
  model::SwitchPort p = s.every_port;
  model::NetDev nd = s.every_port_netdev;
  p.name = nd.name = id;
  s.host.netdevs.push_back(std::move(nd));
  s.ports.push_back(std::move(p));
  return &s.ports.back();
}

std::vector<model::Cable> join_cables(const model::Host& host, model::SwitchSide& side) {
  std::vector<model::Cable> cables;
  auto add = [&](const model::NetDev& nd, const model::Switch& s, const model::SwitchPort& p, model::CableJoin join,
                 std::string evidence) {
    if (paired(cables, nd.name)) return;
    cables.push_back({host.hostname, nd.name, s.host.hostname, p.name, join, std::move(evidence)});
  };
  for (const auto& n : side.host_lldp) {
    const auto* nd = host.netdev(n.netdev);
    if (!nd) continue;
    for (auto& s : side.switches) {
      if (!n.system_name.empty() && lower(n.system_name) != lower(s.host.hostname)) continue;
      if (n.system_name.empty() && side.switches.size() > 1) continue;
      const auto* p = port_by_lldp_id(s, n.port_id);
      if (!p && n.port_id_type != "mac") p = port_of_every_port_view(s, n.port_id);
      if (!p) continue;
      std::string how = n.from.source + ": " + nd->name + " neighbour " +
                        (n.system_name.empty() ? n.chassis_id : n.system_name) + " port " + n.port_id;
      if (p->name != n.port_id) how += " (alias of " + p->name + ")";
      add(*nd, s, *p, model::CableJoin::host_lldp, how);
      break;
    }
  }
  for (const auto& s : side.switches)
    for (const auto& n : s.lldp)
      for (const auto& nd : host.netdevs) {
        if (!nd.mac.ok() || lower(n.remote_port_id) != lower(*nd.mac)) continue;
        const auto* p = s.port(n.local_port);
        if (!p) continue;
        add(nd, s, *p, model::CableJoin::switch_lldp,
            "show lldp table (" + n.from.locator + "): " + p->name + " neighbour port " + n.remote_port_id + " = " +
                nd.name + " MAC");
      }
  for (const auto& nd : host.netdevs) {
    if (!nd.addresses.ok()) continue;
    for (const auto& a : *nd.addresses) {
      auto mine = ipv4_31(a);
      if (!mine) continue;
      for (const auto& s : side.switches)
        for (std::size_t i = 0; i < s.ports.size(); ++i) {
          const auto* snd = s.host.netdev(s.ports[i].name);
          if (!snd || !snd->addresses.ok()) continue;
          for (const auto& b : *snd->addresses) {
            auto theirs = ipv4_31(b);
            if (!theirs || theirs->address == mine->address || (theirs->address >> 1) != (mine->address >> 1)) continue;
            add(nd, s, s.ports[i], model::CableJoin::address31,
                nd.name + " " + a + " and " + s.ports[i].name + " " + b);
          }
        }
    }
  }
  return cables;
}

}  // namespace roce::switches
