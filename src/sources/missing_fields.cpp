#include "sources/missing_fields.hpp"

namespace roce::sources {
namespace {

template <class T>
void mark(model::Field<T>& f, model::Availability a, const std::string& cause) {
  if (!f.ok()) f = model::Field<T>::missing(a, cause, f.from);
}

void mark_dcb(model::Dcb& d, model::Availability a, const std::string& cause) {
  mark(d.dcbx, a, cause);
  mark(d.pfc, a, cause);
  mark(d.ets, a, cause);
  mark(d.app, a, cause);
  mark(d.apptrust, a, cause);
  mark(d.buffer, a, cause);
  mark(d.maxrate, a, cause);
}

}  // namespace

void mark_netdev_worker_fields(model::NetDev& nd, model::Availability a, const std::string& cause) {
  mark(nd.mtu, a, cause);
  mark(nd.operstate, a, cause);
  mark(nd.mac, a, cause);
  mark(nd.carrier_changes, a, cause);
  mark(nd.pci_address, a, cause);
  mark(nd.pcie, a, cause);
  mark(nd.trust, a, cause);
  mark(nd.ecn, a, cause);
  mark_kernel_interface_fields(nd, a, cause);
}

void mark_kernel_interface_fields(model::NetDev& nd, model::Availability a, const std::string& cause) {
  mark(nd.ifindex, a, cause);
  mark(nd.addresses, a, cause);
  mark(nd.stats, a, cause);
  mark(nd.driver, a, cause);
  mark(nd.link, a, cause);
  mark(nd.pause, a, cause);
  mark(nd.pfc_prevention_tout_ms, a, cause);
  mark(nd.module_cable_m, a, cause);
  mark(nd.ethtool_stats, a, cause);
  mark(nd.qdiscs, a, cause);
  mark_dcb(nd.dcb, a, cause);
}

void mark_rdma_device_fields(model::RdmaDevice& dev, model::Availability a, const std::string& cause) {
  mark(dev.node_type, a, cause);
  mark(dev.node_guid, a, cause);
  mark(dev.fw_ver, a, cause);
  mark(dev.board_id, a, cause);
  mark(dev.hca_type, a, cause);
  mark(dev.pci_address, a, cause);
  mark(dev.netdevs, a, cause);
}

}  // namespace roce::sources
