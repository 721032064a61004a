#pragma once
// The fabric of a sweep from what the hosts and switches say about their cables: each host
// capture's RDMA NICs (device, netdev, line rate) and the LLDP neighbour of each, joined with the
// switch exports given (--switch); the switches' own LLDP tables give the leaf-spine links.
#include <string>
#include <vector>

#include "fabric/build.hpp"
#include "judge/open_system.hpp"
#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::sweep {

struct CaptureCables {
  std::vector<fabric::HostCable> cables;
  std::vector<std::string> notes;  // "LABEL: why" of a capture that gave no NIC
};

/// Reads the host capture at `path` (what judge::read_input reads: a bundle, recording, capture
/// folder or archive) and adds one cable per RoCE NIC port, in the natural order of device names
/// (mlx5_2 before mlx5_10). The host is named by its short host name (up to the first dot), else
/// `label`. A capture that cannot be read, or has no RoCE NIC, adds a note naming `label` instead.
void add_capture_cables(CaptureCables& into, const judge::SystemSpec& system, const std::string& path,
                        const std::string& label, const model::SwitchSide& switches);

/// The leaf-spine links the switches' LLDP tables list: every neighbour of a switch port that is
/// not one of `hosts`. fabric_from_cables keeps those of leaves toward spines.
std::vector<fabric::SwitchCable> switch_uplinks(const model::SwitchSide& switches,
                                                const std::vector<fabric::HostCable>& hosts);

/// The switch exports (--switch: files, folders, archives) read once for every host's cables.
Expected<model::SwitchSide> read_switches(const std::vector<std::string>& exports);

/// The fabric of the cables read: fabric_from_cables with the switches' leaf-spine links.
Expected<fabric::Fabric> fabric_of_captures(const CaptureCables& read, const model::SwitchSide& switches);

/// The line rate to judge a NIC port against, Gb/s: the fastest speed both ends advertise (a port
/// that trained below it is what the sweep should find), else the speed it runs at, else the RDMA
/// port's rate; 0 when none is known.
double line_gbps_of(const model::NetDev* netdev, const model::RdmaPort& port);

}  // namespace roce::sweep
