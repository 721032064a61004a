#pragma once
// roce-doctor topo: the GPU–NIC topology (live sysfs, or a capture's sysfs copy, `nvidia-smi topo
// -m` output or NCCL's topology dump) as a matrix like `nvidia-smi topo -m`, judged by the TOPO-*
// checks.
#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

/// Adds `topo`; once parsed, it runs and leaves its exit code in exit_code.
void add_topo_command(CLI::App& app, GlobalOptions& global, int& exit_code);

}  // namespace roce::cli
