#include "cli/profile_lookup.hpp"

#include <cstdlib>
#include <filesystem>
#include <set>

namespace roce::cli {

std::vector<std::string> profile_dirs() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("ROCE_DOCTOR_PROFILE_DIR"); env && *env) dirs.emplace_back(env);
  dirs.emplace_back(ROCE_DOCTOR_PROFILE_INSTALL_DIR);
  dirs.emplace_back(ROCE_DOCTOR_PROFILE_SOURCE_DIR);
  return dirs;
}

Expected<std::string> resolve_profile(const std::string& name_or_file) {
  namespace fs = std::filesystem;
  const bool is_file = name_or_file.find('/') != std::string::npos ||
                       (name_or_file.size() > 5 && name_or_file.ends_with(".toml"));
  if (is_file) return name_or_file;
  std::set<std::string> known;
  std::string searched;
  for (const auto& dir : profile_dirs()) {
    const fs::path candidate = fs::path(dir) / (name_or_file + ".toml");
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
    searched += (searched.empty() ? "" : ", ") + dir;
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (entry.path().extension() == ".toml") known.insert(entry.path().stem().string());
  }
  std::string names;
  for (const auto& n : known) names += (names.empty() ? "" : ", ") + n;
  return fail("no profile named \"" + name_or_file + "\" (looked in " + searched + ")",
              names.empty() ? "give a file: --profile path/to/profile.toml"
                            : "known profiles: " + names + "; or give a file: --profile path/to/profile.toml");
}

}  // namespace roce::cli
