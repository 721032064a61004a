#pragma once
// Loads a TOML profile. Every problem is reported, not just the first, each as
// `FILE:LINE:COL: message`, one per line in Error::message; callers exit with kExitInputError (3).
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "profile/profile.hpp"
#include "util/expected.hpp"

namespace roce::profile {

/// Threshold keys each check accepts: {"PAUSE-STORM": {"warning_fraction", "critical_fraction"}}.
/// Comes from the check catalog (checks/registry.hpp threshold_catalog()); any other
/// [thresholds.ID] key is an error.
using ThresholdCatalog = std::map<std::string, std::vector<std::string>, std::less<>>;

/// Pure: profile text -> Profile. `file` only names the text in messages.
Expected<Profile> parse_profile(std::string_view text, const std::string& file, const ThresholdCatalog& known);

/// Reads `path` and parses it.
Expected<Profile> load_profile(const std::string& path, const ThresholdCatalog& known);

}  // namespace roce::profile
