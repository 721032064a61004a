// Host captures and switch exports read into the cables a sweep's fabric is built from.
#include "sweep/capture_cables.hpp"

#include <algorithm>
#include <set>

#include "import/switch_archives.hpp"
#include "judge/input.hpp"
#include "model/port_netdev.hpp"
#include "sweep/device_order.hpp"
#include "switch/cable_join.hpp"

namespace roce::sweep {
namespace {

std::optional<std::uint32_t> highest(const std::optional<std::vector<std::uint32_t>>& speeds) {
  if (!speeds || speeds->empty()) return std::nullopt;
  return *std::max_element(speeds->begin(), speeds->end());
}

std::optional<std::uint32_t> highest_common(const model::LinkSettings& link) {
  if (!link.advertised_speeds_mbps || !link.peer_advertised_speeds_mbps) return highest(link.advertised_speeds_mbps);
  std::optional<std::uint32_t> best;
  for (auto s : *link.advertised_speeds_mbps)
    for (auto p : *link.peer_advertised_speeds_mbps)
      if (s == p && (!best || s > *best)) best = s;
  return best;
}

// The switch and port at the other end of `netdev`: the joined cable, else the host's LLDP neighbour.
std::pair<std::string, std::string> neighbour_of(const model::SwitchSide& side, const std::string& netdev) {
  if (const model::Cable* c = side.cable_of(netdev)) return {c->switch_name, c->switch_port};
  for (const auto& n : side.host_lldp)
    if (n.netdev == netdev && !n.system_name.empty())
      return {n.system_name, n.port_id_type == "mac" && !n.port_descr.empty() ? n.port_descr : n.port_id};
  return {};
}

bool is_roce(const model::RdmaPort& port) { return !port.link_layer.ok() || *port.link_layer == "Ethernet"; }

}  // namespace

double line_gbps_of(const model::NetDev* netdev, const model::RdmaPort& port) {
  if (netdev && netdev->link.ok()) {
    if (const auto common = highest_common(*netdev->link)) return *common / 1000.0;
    if (netdev->link->speed_mbps) return *netdev->link->speed_mbps / 1000.0;
  }
  if (port.rate_gbps.ok() && *port.rate_gbps > 0) return *port.rate_gbps;
  return 0;
}

void add_capture_cables(CaptureCables& into, const judge::SystemSpec& system, const std::string& path,
                        const std::string& label, const model::SwitchSide& switches) {
  judge::InputRequest request;
  request.system = system;
  request.captures = {path};
  auto input = judge::read_input(request);
  if (!input) {
    into.notes.push_back(label + ": " + input.error().message);
    return;
  }
  model::Host& host = input->now;
  model::SwitchSide side = std::move(input->observations.switches);
  for (const auto& s : switches.switches) side.switches.push_back(s);
  if (!side.switches.empty()) side.cables = switches::join_cables(host, side);

  std::string name = host.hostname.substr(0, host.hostname.find('.'));
  if (name.empty()) name = label;
  std::vector<const model::RdmaDevice*> devices;
  for (const auto& d : host.rdma_devices) devices.push_back(&d);
  std::sort(devices.begin(), devices.end(), [](auto* a, auto* b) { return natural_less(a->name, b->name); });
  std::size_t added = 0;
  for (const auto* device : devices)
    for (const auto& port : device->ports) {
      if (!is_roce(port)) continue;
      const auto netdev_name = model::port_netdev(host, *device, port);
      fabric::HostCable cable;
      cable.host = name;
      cable.netdev = netdev_name.ok() ? *netdev_name : "";
      // A device with several ports is named by each port's netdev (bw --dev takes either).
      cable.device = device->ports.size() > 1 && !cable.netdev.empty() ? cable.netdev : device->name;
      cable.line_gbps = line_gbps_of(host.netdev(cable.netdev), port);
      std::tie(cable.switch_name, cable.switch_port) = neighbour_of(side, cable.netdev);
      into.cables.push_back(std::move(cable));
      ++added;
    }
  if (added == 0) into.notes.push_back(label + ": host " + name + " has no RoCE NIC, left out of the plan");
}

std::vector<fabric::SwitchCable> switch_uplinks(const model::SwitchSide& switches,
                                                const std::vector<fabric::HostCable>& hosts) {
  std::set<std::string> host_names;
  for (const auto& c : hosts) host_names.insert(c.host);
  std::vector<fabric::SwitchCable> uplinks;
  for (const auto& s : switches.switches)
    for (const auto& n : s.lldp) {
      const std::string remote = n.remote_device.substr(0, n.remote_device.find('.'));
      if (remote.empty() || host_names.count(remote) || host_names.count(n.remote_device)) continue;
      uplinks.push_back({s.host.hostname, n.local_port, n.remote_device, n.remote_port_id});
    }
  return uplinks;
}

Expected<model::SwitchSide> read_switches(const std::vector<std::string>& exports) {
  if (exports.empty()) return model::SwitchSide{};
  return import::read_switch_exports_or_archives(exports, "");
}

Expected<fabric::Fabric> fabric_of_captures(const CaptureCables& read, const model::SwitchSide& switches) {
  if (read.cables.empty())
    return fail("no host capture gave a RoCE NIC" + (read.notes.empty() ? std::string() : ": " + read.notes.front()),
                "give captures (roce-doctor collect) of the hosts to test");
  return fabric::fabric_from_cables(read.cables, switch_uplinks(switches, read.cables));
}

}  // namespace roce::sweep
