#pragma once
// What a site's own checks would show of the simulated fabric's faults: the findings of the hosts'
// captures and, where given, of the switches' exports, each seen only with a probability, and
// false findings on healthy parts, so that evidence alone misleads. A finding names the component
// it is about: LINK-SPEED the NIC port, PCIE-LINK the host's PCIe link, LINK-SIGNAL (FEC and bit
// errors a host sees on what it receives) the cable, XSW-COUNTERS (a switch port's errors) the
// leaf port, or the leaf-spine link for a leaf's uplink port.
#include <vector>

#include "fabric/test.hpp"
#include "sim/fabric_sim.hpp"

namespace roce::sim {

/// What the site captured.
struct EvidenceSources {
  bool host_captures = false;   // `collect` of every host
  bool switch_exports = false;  // the leaves' exports (port counters)
};

/// The chance that a finding shows.
struct Visibility {
  double link_speed = 0.9;      // nic: the netdev at part of its speed (host captures)
  double pcie_link = 0.9;       // pcie: the link narrower or slower than the NIC's (host captures)
  double signal = 0.7;          // cable: errors at the receiving end (the host, or the switch port)
  double switch_port = 0.7;     // leaf_port, spine_link: the switch port's counters (switch exports)
  double false_signal = 0.005;  // per healthy cable: a LINK-SIGNAL anyway (host captures)
  double false_switch = 0.005;  // per healthy switch port (host-facing or uplink): an XSW-COUNTERS anyway
};

/// The findings, in component order; the same for the same simulator and sources.
std::vector<fabric::Evidence> evidence(const FabricSim& sim, const EvidenceSources& sources,
                                       const Visibility& visibility = {});

}  // namespace roce::sim
