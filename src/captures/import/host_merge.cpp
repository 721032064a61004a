#include "captures/import/host_merge.hpp"

#include <algorithm>

namespace roce::captures::import {

void merge_dcb(model::Dcb& into, const model::Dcb& from) {
  take(into.dcbx, from.dcbx);
  take(into.pfc, from.pfc);
  take(into.ets, from.ets);
  take(into.app, from.app);
  take(into.apptrust, from.apptrust);
  take(into.buffer, from.buffer);
  take(into.maxrate, from.maxrate);
}

void merge_netdev(model::NetDev& into, const model::NetDev& from) {
  take(into.ifindex, from.ifindex);
  take(into.mtu, from.mtu);
  take(into.operstate, from.operstate);
  take(into.mac, from.mac);
  take(into.addresses, from.addresses);
  take(into.carrier_changes, from.carrier_changes);
  take(into.stats, from.stats);
  take(into.driver, from.driver);
  take(into.link, from.link);
  take(into.pause, from.pause);
  take(into.pfc_prevention_tout_ms, from.pfc_prevention_tout_ms);
  take(into.module_cable_m, from.module_cable_m);
  take(into.pci_address, from.pci_address);
  take(into.pcie, from.pcie);
  take(into.trust, from.trust);
  take(into.ecn, from.ecn);
  take(into.qdiscs, from.qdiscs);
  take(into.ethtool_stats, from.ethtool_stats);
  merge_dcb(into.dcb, from.dcb);
}

namespace {

void merge_port(model::RdmaPort& into, const model::RdmaPort& from) {
  take(into.state, from.state);
  take(into.phys_state, from.phys_state);
  take(into.rate, from.rate);
  take(into.rate_gbps, from.rate_gbps);
  take(into.link_layer, from.link_layer);
  take(into.netdev, from.netdev);
  take(into.active_mtu, from.active_mtu);
  take(into.max_mtu, from.max_mtu);
  take(into.gids, from.gids);
  take(into.counters, from.counters);
  take(into.hw_counters, from.hw_counters);
}

}  // namespace

void merge_rdma_device(model::RdmaDevice& into, const model::RdmaDevice& from) {
  take(into.node_type, from.node_type);
  take(into.node_guid, from.node_guid);
  take(into.fw_ver, from.fw_ver);
  take(into.board_id, from.board_id);
  take(into.hca_type, from.hca_type);
  take(into.pci_address, from.pci_address);
  take(into.netdevs, from.netdevs);
  take(into.port_count, from.port_count);
  for (const auto& port : from.ports) {
    auto it = std::find_if(into.ports.begin(), into.ports.end(),
                           [&](const model::RdmaPort& p) { return p.number == port.number; });
    if (it == into.ports.end()) {
      model::RdmaPort fresh;
      fresh.number = port.number;
      into.ports.push_back(fresh);
      it = into.ports.end() - 1;
    }
    merge_port(*it, port);
  }
  std::sort(into.ports.begin(), into.ports.end(),
            [](const model::RdmaPort& a, const model::RdmaPort& b) { return a.number < b.number; });
}

model::NetDev& netdev_named(model::Host& host, const std::string& name) {
  for (auto& nd : host.netdevs)
    if (nd.name == name) return nd;
  host.netdevs.emplace_back().name = name;
  return host.netdevs.back();
}

model::RdmaDevice& rdma_device_named(model::Host& host, const std::string& name) {
  for (auto& dev : host.rdma_devices)
    if (dev.name == name) return dev;
  host.rdma_devices.emplace_back().name = name;
  return host.rdma_devices.back();
}

void fill_port_netdevs_from_gids(model::RdmaDevice& dev) {
  for (auto& port : dev.ports) {
    if (port.netdev.ok() || !port.gids.ok()) continue;
    for (const auto& gid : *port.gids)
      if (gid.netdev.ok()) {
        port.netdev = gid.netdev;
        break;
      }
  }
}

void mark_unread(model::Host& host, const std::string& cause, const model::Provenance& from) {
  auto mark = [&](auto& field) {
    if (!field.ok() && field.from.source.empty() && field.cause.empty()) {
      field.availability = model::Availability::absent;
      field.cause = cause;
      field.from = from;
    }
  };
  for (auto& nd : host.netdevs) for_each_field(nd, mark);
  for (auto& dev : host.rdma_devices) for_each_field(dev, mark);
}

}  // namespace roce::captures::import
