#pragma once
// One bandwidth test between two NIC ports of a fabric, and a finding about one component: what
// the planner, the localizer and the simulated fabric share.
#include <cstdint>
#include <string>

#include "fabric/fabric.hpp"

namespace roce::fabric {

/// The client sends to the server for the test's duration. Loopback: client == server, the NIC
/// talking to itself (host side only). `flow` varies the flow label, so that repeated tests
/// between two leaves take different spines.
struct Test {
  std::uint32_t id = 0;  // unique within a sweep, in run order
  HostRail client = 0, server = 0;
  std::uint32_t flow = 0;
  bool loopback() const { return client == server; }
  bool operator==(const Test&) const = default;
};

/// A finding of a host's or switch's own check about one component ("LINK-SPEED on gpu007
/// ens3f0np0: 200 Gb/s, both ends advertise 400 Gb/s"), or about the host of a NIC as a whole
/// (PAUSE-STORM: congestion, not a broken part).
struct Evidence {
  Component component;
  std::string check_id;  // "LINK-SPEED", "PCIE-LINK", "LINK-SIGNAL", "XSW-COUNTERS", "PAUSE-STORM", ...
  std::string text;      // the finding's own line
  int severity = 1;      // 1 warning, 2 critical
  bool operator==(const Evidence&) const = default;
};

}  // namespace roce::fabric
