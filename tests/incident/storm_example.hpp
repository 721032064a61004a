#pragma once
// The simulated NIC pause storm the storm tests read (examples/storm/README.md).
#include <string>

#include "support/paths.hpp"

namespace roce::test {

inline std::string storm_example() { return std::string(ROCE_SOURCE_DIR) + "/examples/storm/nic-storm-45"; }

}  // namespace roce::test
