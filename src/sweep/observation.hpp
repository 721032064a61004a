#pragma once
// What a sweep measured: each test's result as a share of what its path should carry.
#include <optional>
#include <string>
#include <vector>

#include "sweep/plan.hpp"

namespace roce::sweep {

enum class Status : std::uint8_t {
  measured,  // a figure was read
  failed,    // the test ran and failed (perftest's own error), or its output held no figure
  timeout,   // killed at its deadline
  missing,   // the result file named in the manifest is not there
};
const char* to_string(Status status);

struct Observation {
  fabric::Test test;
  int round = 0;  // 1-based; 0 for results read from a user's manifest
  Status status = Status::measured;
  double gbps = 0;           // the figure (perftest BW average of the largest message), Gb/s
  double expected_gbps = 0;  // the slower end's line rate; 0 when not known
  std::string file{};        // the result file, as the manifest names it
  std::string detail{};      // why it failed, or what the reader noticed
  /// gbps / expected_gbps; nullopt without a figure or a line rate.
  std::optional<double> ratio() const {
    if (status != Status::measured || !(expected_gbps > 0)) return std::nullopt;
    return gbps / expected_gbps;
  }
};

}  // namespace roce::sweep
