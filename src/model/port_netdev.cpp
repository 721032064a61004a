// The netdev of an RDMA port from the sources the model holds (port_netdev.hpp).
#include "model/port_netdev.hpp"

namespace roce::model {
namespace {

// The netdev whose PCI address is `pci`, when exactly one has it; its provenance is the datum that
// says so (the sysfs device link or the `ethtool -i` line).
Field<std::string> netdev_at_pci(const Host& host, const std::string& pci) {
  Field<std::string> found;
  int matches = 0;
  for (const auto& nd : host.netdevs) {
    if (nd.pci_address.ok() && *nd.pci_address == pci) {
      found = Field<std::string>::of(nd.name, nd.pci_address.from);
    } else if (nd.driver.ok() && nd.driver->bus_info == pci) {
      found = Field<std::string>::of(nd.name, nd.driver.from);
    } else {
      continue;
    }
    ++matches;
  }
  return matches == 1 ? found : Field<std::string>{};
}

}  // namespace

Field<std::string> port_netdev(const Host& host, const RdmaDevice& device, const RdmaPort& port) {
  if (port.netdev.ok()) return port.netdev;
  if (port.gids.ok())
    for (const auto& gid : *port.gids)
      if (gid.netdev.ok()) return gid.netdev;
  if (device.netdevs.ok() && port.number >= 1 && port.number <= device.netdevs->size())
    return Field<std::string>::of((*device.netdevs)[port.number - 1], device.netdevs.from);
  if (device.pci_address.ok())
    if (auto at_pci = netdev_at_pci(host, *device.pci_address); at_pci.ok()) return at_pci;
  return Field<std::string>::missing(
      Availability::absent,
      "no source names the netdev of " + device.name + " port " + std::to_string(port.number) +
          " (looked for: the port's netdev, its GIDs' netdevs, the device's net/ folder, a netdev at the "
          "device's PCI address)",
      port.netdev.from);
}

void map_port_netdevs(Host& host) {
  for (auto& device : host.rdma_devices)
    for (auto& port : device.ports)
      if (!port.netdev.ok())
        if (auto found = port_netdev(host, device, port); found.ok()) port.netdev = std::move(found);
}

}  // namespace roce::model
