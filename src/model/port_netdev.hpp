#pragma once
// Which netdev an RDMA port runs over, from what the model already holds. Pure: no I/O.
#include "model/host.hpp"

namespace roce::model {

/// The netdev of an RDMA port, from the first source in the model that names it:
///  1. the port's own `netdev` field (the live sysfs reader fills it; so does any text reader of a
///     tool that prints the pairing, such as `rdma link` or `ibdev2netdev`: filling that one field
///     is all a reader needs to do);
///  2. the netdev one of its GIDs is bound to (show_gids' DEV column, sysfs gid_attrs/ndevs);
///  3. the device's netdev list (sysfs device/net/): port N is its Nth netdev;
///  4. the one netdev whose PCI address (sysfs `device` link, `ethtool -i` bus-info) is the
///     device's PCI address (two or more such netdevs, e.g. switchdev representors: none).
/// Missing (absent, saying what was looked for) when no source names it.
Field<std::string> port_netdev(const Host& host, const RdmaDevice& device, const RdmaPort& port);

/// Fills the `netdev` field of every RDMA port that has none from port_netdev().
void map_port_netdevs(Host& host);

}  // namespace roce::model
