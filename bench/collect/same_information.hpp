#pragma once
// Checks that the sweeps read the same information before they are timed: the same ethtool
// statistic names per device, link statistics for every device, and the same answer about PFC.
#include <string>
#include <vector>

#include "collect/sweeps.hpp"

namespace roce::bench {

struct Agreement {
  std::vector<std::string> mismatches;  // empty: they agree
  std::size_t stats_per_device = 0;     // of the first device
  std::string pfc_answer;               // what both said about PFC, e.g. "Operation not supported"
};

Agreement compare_sweeps(const std::vector<std::string>& devices, const InProcessSweep& in_process,
                         const PipelineSweep& pipeline, const FloorSweep& floor);

}  // namespace roce::bench
