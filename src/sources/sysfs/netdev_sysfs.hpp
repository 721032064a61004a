#pragma once
// Network interfaces under <root>/class/net, their PCI function and the MLNX_OFED vendor
// attributes (qos/trust, ecn/) where present.
#include <string>
#include <vector>

#include "model/host.hpp"
#include "util/expected.hpp"

namespace roce::sources::sysfs {

// Sorted names under class/net; a failure to list it is an error naming the path.
Expected<std::vector<std::string>> scan_netdevs(const std::string& root);

// scan_netdevs, with a failure read as "no netdevs" (use scan_netdevs to report it).
std::vector<std::string> list_netdevs(const std::string& root);

// Fills from class/net/<nd.name>: mtu, operstate, mac, carrier_changes, link (speed only; the
// ethtool reader replaces it), pci_address, driver (name and bus only), pcie, trust, ecn.
// Other fields are left as they are.
void read_netdev_sysfs(const std::string& root, model::NetDev& nd);

}  // namespace roce::sources::sysfs
