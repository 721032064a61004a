#pragma once
// Configuration differences between two hosts' bundle JSON (captures::write_host_text).
#include <vector>

#include "diff/diff.hpp"
#include "diff/json_paths.hpp"

namespace roce::diff {

std::vector<ConfigChange> config_changes(const Json& host_a, const Json& host_b);

}  // namespace roce::diff
