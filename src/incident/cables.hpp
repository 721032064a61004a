#pragma once
// The cables of an incident, from LLDP:
//  * host <-> switch: switches::join_cables per host (the host's LLDP neighbours from a capture, the
//    switch's LLDP table naming the host's MAC), then, for a host known by no configuration (a
//    Prometheus series), a switch LLDP row whose remote device is the host and whose remote port
//    ID or description is the netdev (lldpd sends the ifname as the description);
//  * switch <-> switch: a switch's LLDP row whose remote device is another switch read and whose
//    remote port ID is one of its ports.
// Each cable once. Pure.
#include <vector>

#include "model/host.hpp"
#include "model/switch_port.hpp"
#include "storm/series.hpp"

namespace roce::incident {

struct HostSide {
  const model::Host* host = nullptr;  // its configuration
  const std::vector<model::HostLldpNeighbor>* lldp = nullptr;
};

std::vector<storm::Cable> incident_cables(const std::vector<HostSide>& hosts, std::vector<model::Switch> switches,
                                          const std::vector<storm::PortId>& host_ports);

}  // namespace roce::incident
