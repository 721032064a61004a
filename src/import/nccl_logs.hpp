#pragma once
// The job NCCL logs a capture folder holds beside the host's outputs (files named *nccl*.log,
// .log.gz, .txt or .out that hold NCCL lines), read into the capture's observations.
#include <string>

#include "model/observations.hpp"

namespace roce::import {

/// Adds each NCCL log under `dir` (three levels deep, symbolic links not followed) to `into`, its
/// files named by their path relative to `dir`. A file of that name without NCCL lines is ignored.
void add_nccl_logs(const std::string& dir, model::Observations& into);

}  // namespace roce::import
