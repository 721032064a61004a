#pragma once
// Parser of `nvidia-smi topo -m`: the matrix of GPU–GPU and GPU–NIC connections, old layout (NIC
// columns named by device, "mlx5_0", and SOC for SYS) and current layout (NIC0..NICk columns, CPU
// Affinity, NUMA Affinity, GPU NUMA ID, then Legend and NIC Legend), TAB- or space-separated, with
// or without ANSI underline on the header.
#include <string>
#include <string_view>

#include "model/topology.hpp"
#include "util/expected.hpp"

namespace roce::topology {

/// The GPUs, NICs (named by the NIC Legend when it is there) and every GPU–NIC distance of the
/// matrix; GPU NUMA nodes from "NUMA Affinity". `name` is the file as errors and provenance name it.
/// A file without the header row, a GPU row of the wrong length or a GPU–NIC cell that is no
/// distance is an error naming `name:line`.
Expected<model::Topology> parse_nvidia_smi_topo(std::string_view text, const std::string& name);

}  // namespace roce::topology
