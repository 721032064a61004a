#pragma once
// `topo`'s input: the GPU-NIC topology of the live sysfs, or of a capture read as `check --from`
// reads it.
#include <string>
#include <vector>

#include "judge/input.hpp"
#include "model/topology.hpp"
#include "util/expected.hpp"

namespace roce::judge {

struct TopologyRead {
  model::Topology topology;
  std::vector<std::string> warnings;  // what could not be read of it
};

/// The topology under the request's sysfs root when `from` is empty; else of `from` as read_input
/// reads it (a capture folder or archive, a topology file), a file that is no capture read as a
/// topology file so that its error names the line at fault. An error says what was looked for.
Expected<TopologyRead> read_topology(const InputRequest& base, const std::string& from);

}  // namespace roce::judge
