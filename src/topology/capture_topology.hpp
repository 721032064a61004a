#pragma once
// The GPU–NIC topology held by a capture: one file (`nvidia-smi topo -m` output, NCCL's topology
// XML or hwloc's `lstopo --of xml`, told by content) or a folder (a copied sysfs tree under sys/, an
// sos report's nvidia plugin output, or such files by themselves).
#include <optional>
#include <string>
#include <vector>

#include "model/topology.hpp"
#include "util/expected.hpp"

namespace roce::topology {

/// One file: hwloc's XML when it starts with '<' and holds a <topology> root, NCCL's topology XML
/// when it starts with '<' otherwise, else `nvidia-smi topo -m` output.
/// Errors name the file and line.
Expected<model::Topology> read_topology_file(const std::string& path);

/// Whether a file's name says it holds a topology: `nvidia-smi topo -m` output (names holding
/// "nvidia", "smi" and "topo", not the -p2p or -mp variants) or an *.xml naming "topo" or "hwloc".
bool names_topology_file(const std::string& filename);

/// The topology of a capture folder, first found of: a sysfs copy (sys/bus/pci/devices with a GPU),
/// sos_commands/nvidia/nvidia-smi_topo_-m, then files of the folder (two levels deep) named like
/// `nvidia-smi topo -m` output (nvidia-smi_topo_-m, nvidia_smi_topo_m.txt, ...), NCCL's dump or
/// hwloc's export (*.xml naming "topo" or "hwloc": topo.xml, lstopo.xml, hwloc.xml). nullopt when
/// there is none; a file that fails to parse is a warning ("relative/path:line: ...") and the
/// search goes on. Reads stay inside `dir`.
std::optional<model::Topology> find_topology(const std::string& dir, std::vector<std::string>& warnings);

}  // namespace roce::topology
