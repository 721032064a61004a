#pragma once
// --profile NAME|FILE: a value with '/' or ending in ".toml" is a file; a NAME is looked up as
// NAME.toml in $ROCE_DOCTOR_PROFILE_DIR, then in the installed data dir found from the binary's own
// place (PREFIX/bin/roce-doctor -> PREFIX/share/roce-doctor/profiles, so an install under any
// --prefix or DESTDIR finds its own), then the configured install dir; a binary run from its
// build tree also looks in the source tree's profiles/.
#include <string>
#include <vector>

#include "util/expected.hpp"

namespace roce::profile {

std::vector<std::string> profile_dirs();

/// The names of the profiles in profile_dirs(), sorted, each once.
std::vector<std::string> profile_names();

// The file to load, or an error naming the directories searched and the profiles found there.
Expected<std::string> resolve_profile(const std::string& name_or_file);

/// The profile used without --profile: $ROCE_DOCTOR_PROFILE_DIR/roce-lossless.toml when that file
/// exists (a site's own default), else "" (the built-in roce-lossless).
std::string site_default_profile();

}  // namespace roce::profile
