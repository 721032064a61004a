#pragma once
// The paths of what ships, for the tests of tests/dist.
#include <string>

#include "support/child_process.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

/// This build's program, the source tree and the build tree (every tests/dist target defines them).
inline const std::string kBin = ROCE_DOCTOR_BIN;
inline const std::string kSource = ROCE_SOURCE_DIR;
inline const std::string kBuild = ROCE_BUILD_DIR;

}  // namespace roce::test
