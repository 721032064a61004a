#pragma once
// Bandwidth results inside a capture folder: every file below it that holds perftest or nccl-tests
// output (recognised by content, whatever its name).
#include <string>
#include <vector>

#include "model/bandwidth.hpp"

namespace roce::results {

struct FoundResults {
  std::vector<model::BandwidthResult> results;  // provenance names the path relative to the folder
  std::vector<std::string> errors;              // "FILE:LINE: why" of a result file that could not be read
};

/// Looks at regular files below `dir` (symbolic links are not followed; files over 4 MiB and
/// deeper than 6 levels are skipped), in path order.
FoundResults find_results(const std::string& dir);

}  // namespace roce::results
