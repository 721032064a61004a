#pragma once
// Merging partial Hosts read from several files of one capture, and visiting every Field of the
// model (to relocate provenance, to mark what no file held). Pure: model in, model out.
#include <string>
#include <string_view>

#include "model/host.hpp"

namespace roce::captures::import {

// `into` takes `from` when `from` holds a value, or when `into` holds none and `from` says more
// than "not read" (a located error beats silence). Later files therefore win over earlier ones.
template <class T>
void take(model::Field<T>& into, const model::Field<T>& from) {
  if (from.ok() || (!into.ok() && (into.from.source.empty() || from.availability != model::Availability::absent)))
    into = from;
}

void merge_dcb(model::Dcb& into, const model::Dcb& from);
void merge_netdev(model::NetDev& into, const model::NetDev& from);
void merge_rdma_device(model::RdmaDevice& into, const model::RdmaDevice& from);

// The netdev / RDMA device of that name, appended when new.
model::NetDev& netdev_named(model::Host& host, const std::string& name);
model::RdmaDevice& rdma_device_named(model::Host& host, const std::string& name);

// Calls f(field) for every Field of the netdev / device, nested ones included (GIDs, ECN flags).
template <class F>
void for_each_field(model::NetDev& nd, F&& f) {
  f(nd.ifindex); f(nd.mtu); f(nd.operstate); f(nd.mac); f(nd.addresses); f(nd.carrier_changes); f(nd.stats);
  f(nd.driver); f(nd.link); f(nd.pause); f(nd.pfc_prevention_tout_ms); f(nd.module_cable_m); f(nd.pci_address);
  f(nd.pcie); f(nd.trust); f(nd.ecn); f(nd.qdiscs); f(nd.ethtool_stats);
  if (nd.ecn.ok())
    for (int p = 0; p < model::kPriorities; ++p) {
      f(nd.ecn->np[p]);
      f(nd.ecn->rp[p]);
    }
  f(nd.dcb.dcbx); f(nd.dcb.pfc); f(nd.dcb.ets); f(nd.dcb.app); f(nd.dcb.apptrust); f(nd.dcb.buffer); f(nd.dcb.maxrate);
}

template <class F>
void for_each_field(model::RdmaDevice& dev, F&& f) {
  f(dev.node_type); f(dev.node_guid); f(dev.fw_ver); f(dev.board_id); f(dev.hca_type); f(dev.pci_address);
  f(dev.netdevs); f(dev.port_count);
  for (auto& port : dev.ports) {
    f(port.state); f(port.phys_state); f(port.rate); f(port.rate_gbps); f(port.link_layer); f(port.netdev);
    f(port.active_mtu); f(port.max_mtu); f(port.gids); f(port.counters); f(port.hw_counters);
    if (port.gids.ok())
      for (auto& gid : *port.gids) {
        f(gid.type);
        f(gid.netdev);
      }
  }
}

// A port without a netdev gets the one its GIDs name (show_gids, ibv_devinfo -v, sysfs gid_attrs).
void fill_port_netdevs_from_gids(model::RdmaDevice& dev);

// Every field still unread becomes absent with `cause` and provenance `from`.
void mark_unread(model::Host& host, const std::string& cause, const model::Provenance& from);

}  // namespace roce::captures::import
