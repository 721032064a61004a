// Cables between the incident's ports, from the hosts' and the switches' LLDP.
#include "incident/cables.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "switch/cable_join.hpp"

namespace roce::incident {
namespace {

// "0c:42:a1:05:00:00": what lldpd on a host gives as its port ID by default (a switch gives its
// port's name or alias).
bool is_mac(std::string_view s) {
  if (s.size() != 17) return false;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (i % 3 == 2 ? s[i] != ':' : !std::isxdigit(static_cast<unsigned char>(s[i]))) return false;
  return true;
}

struct Key {
  storm::PortId a, b;
  auto operator<=>(const Key&) const = default;
};

class Cables {
 public:
  void add(storm::PortId a, storm::PortId b, std::string found_by) {
    if (b < a) std::swap(a, b);
    if (!seen_.insert({a, b}).second || paired_.count(a) || paired_.count(b)) return;
    paired_.insert(a);
    paired_.insert(b);
    out.push_back({std::move(a), std::move(b), std::move(found_by)});
  }
  bool has(const storm::PortId& p) const { return paired_.count(p) > 0; }
  std::vector<storm::Cable> out;

 private:
  std::set<Key> seen_;
  std::set<storm::PortId> paired_;
};

}  // namespace

std::vector<storm::Cable> incident_cables(const std::vector<HostSide>& hosts, std::vector<model::Switch> switches,
                                          const std::vector<storm::PortId>& host_ports) {
  Cables cables;
  for (const auto& h : hosts) {
    if (!h.host) continue;
    model::SwitchSide side;
    side.switches = switches;
    if (h.lldp) side.host_lldp = *h.lldp;
    for (const auto& c : switches::join_cables(*h.host, side))
      cables.add({c.host, c.host_netdev, false}, {c.switch_name, c.switch_port, true}, model::to_string(c.join));
  }
  for (const auto& s : switches)
    for (const auto& n : s.lldp) {
      const storm::PortId local{s.host.hostname, n.local_port, true};
      if (cables.has(local)) continue;
      for (const auto& p : host_ports)
        if (p.node == n.remote_device && (p.port == n.remote_port_id || p.port == n.remote_port_descr) &&
            !cables.has(p))
          cables.add(p, local, "switch LLDP table (host name and port)");
      bool a_switch = false;
      for (const auto& other : switches) {
        if (other.host.hostname != n.remote_device || other.host.hostname == s.host.hostname) continue;
        a_switch = true;
        if (other.port(n.remote_port_id))
          cables.add(local, {other.host.hostname, n.remote_port_id, true}, "switch LLDP");
      }
      // A host that is not in the data (it kept no recording): its name and netdev, as its lldpd
      // sent them, still end the cable, so that what the switch port saw can be laid at its door.
      if (!a_switch && !cables.has(local) && is_mac(n.remote_port_id) && !n.remote_port_descr.empty())
        cables.add({n.remote_device, n.remote_port_descr, false}, local,
                   "switch LLDP table (a host not in the data: its MAC as port ID, its netdev as description)");
    }
  return std::move(cables.out);
}

}  // namespace roce::incident
