#pragma once
// Sample series of the test ConnectX-6 Dx host (tests/engine/host_builder.hpp): sample i is the
// healthy host after i steps of steady RoCE load, every counter advanced by i times its 60-s delta
// (scaled to the step), with optional pause storms added on top.
#include <cstdint>
#include <string>
#include <vector>

#include "model/host.hpp"

namespace roce::testing {

struct Storm {
  int from = 0, to = 0;   // the pause duration grows between sample `from` and sample `to`
  double fraction = 0.6;  // extra share of time tx-paused on priority 3
};

struct SeriesSpec {
  int samples = 30;
  double step_s = 60;
  std::vector<Storm> storms;
};

std::vector<model::Host> sample_series(const SeriesSpec& spec);

}  // namespace roce::testing
