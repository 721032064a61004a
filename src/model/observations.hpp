#pragma once
// What was observed around a host, beside its own configuration and counters: bandwidth results,
// the job's NCCL log, the GPU–NIC topology, the switch at the other end of each cable. Plain
// records read by the catalog's checks through engine::Context::observations(); each kind lives in
// its own header and is one member here. Empty when nothing was given.
#include <algorithm>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "model/bandwidth.hpp"
#include "model/nccl_log.hpp"
#include "model/switch_port.hpp"
#include "model/topology.hpp"

namespace roce::model {

struct Observations {
  std::vector<BandwidthResult> bandwidth;  // perftest and nccl-tests results
  SwitchSide switches;                     // switch exports, the host's LLDP view, host-port <-> switch-port cables
  std::vector<NcclLog> nccl_logs;          // the jobs' NCCL logs, each as read (nccl_log.hpp)
  std::optional<Topology> topology;        // the GPU–NIC topology; nullopt when not given
  bool operator==(const Observations&) const = default;
};

/// Adds what `more` holds to `into` (one member per kind).
inline void append(Observations& into, Observations&& more) {
  std::move(more.bandwidth.begin(), more.bandwidth.end(), std::back_inserter(into.bandwidth));
  append(into.switches, std::move(more.switches));
  std::move(more.nccl_logs.begin(), more.nccl_logs.end(), std::back_inserter(into.nccl_logs));
  if (more.topology && !into.topology) into.topology = std::move(more.topology);
}

}  // namespace roce::model
