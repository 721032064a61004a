#pragma once
// Which switch port is at the other end of each host netdev, per NIC (rail-optimised clusters put
// each NIC on a different leaf). Tried in order, the first that pairs a netdev wins: the host's
// LLDP neighbour (SysName = a switch's hostname, Port ID = a port's name or SONiC alias), the
// switch's LLDP table (RemotePortID = the netdev's MAC), and on routed fabrics the /31 both ends
// share. Pure: reads the host and what was read beside it.
#include <vector>

#include "model/host.hpp"
#include "model/switch_port.hpp"

namespace roce::switches {

/// The cables of `host` to the switches in `side` (its switches and host_lldp). A port the host's LLDP
/// names on a switch known only by a view of every port (Switch::every_port) is added to it.
std::vector<model::Cable> join_cables(const model::Host& host, model::SwitchSide& side);

}  // namespace roce::switches
