#pragma once
// `roce-doctor topo`: the PIX/PXB/PHB/NODE/SYS matrix, the GPUs and NICs, and the TOPO-* findings,
// as text and as JSON.
#include <string>

#include "model/topology.hpp"
#include "report/check_run.hpp"

namespace roce::report {

std::string render_topo_text(const model::Topology& topology, const CheckRun& run);
/// schema_version 1: source, notices[] (a dump cut short, ...), gpus[], nics[], pairs[] ({gpu, nic, distance}),
/// findings[], results[], exit_code.
std::string render_topo_json(const model::Topology& topology, const CheckRun& run);

}  // namespace roce::report
