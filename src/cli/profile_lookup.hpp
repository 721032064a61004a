#pragma once
// --profile NAME|FILE: a value with '/' or ending in ".toml" is a file; a NAME is looked up as
// NAME.toml in $ROCE_DOCTOR_PROFILE_DIR, the installed data dir, then the source tree's profiles/
// (so that a build-tree binary finds them).
#include <string>
#include <vector>

#include "util/expected.hpp"

namespace roce::cli {

std::vector<std::string> profile_dirs();

// The file to load, or an error naming the directories searched and the profiles found there.
Expected<std::string> resolve_profile(const std::string& name_or_file);

}  // namespace roce::cli
