#pragma once
/// What was observed around a host, beside its own configuration and counters: bandwidth results,
/// the job's NCCL log, the GPU–NIC topology, the switch at the other end of each cable. Plain
/// records read by the catalog's checks through engine::Context::observations(); each kind lives in
/// its own header and is one member here. Empty when nothing was given.
#include <optional>
#include <utility>

#include "model/topology.hpp"

namespace roce::model {

struct Observations {
  std::optional<Topology> topology;  // the GPU–NIC topology; nullopt when not given
  bool operator==(const Observations&) const = default;
};

/// Adds what `more` holds to `into` (one member per kind).
inline void append(Observations& into, Observations&& more) {
  if (more.topology && !into.topology) into.topology = std::move(more.topology);
}

}  // namespace roce::model
