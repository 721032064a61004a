// Where --profile NAME is looked for, and the file it names.
#include "profile/lookup.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>

namespace roce::profile {
namespace {

namespace fs = std::filesystem;

// The folder of the running binary ("" when /proc/self/exe cannot be read).
fs::path own_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

}  // namespace

std::vector<std::string> profile_dirs() {
  std::vector<std::string> dirs;
  const auto add = [&dirs](const fs::path& dir) {
    const std::string d = dir.lexically_normal().string();
    if (std::find(dirs.begin(), dirs.end(), d) == dirs.end()) dirs.push_back(d);
  };
  if (const char* env = std::getenv("ROCE_DOCTOR_PROFILE_DIR"); env && *env) add(env);
  const fs::path bin = own_dir();
  if (!bin.empty()) add(bin / ROCE_DOCTOR_PROFILE_DIR_FROM_BINDIR);
  add(ROCE_DOCTOR_PROFILE_INSTALL_DIR);
  std::error_code ec;
  if (!bin.empty() && fs::equivalent(bin, ROCE_DOCTOR_BUILD_BIN_DIR, ec)) add(ROCE_DOCTOR_PROFILE_SOURCE_DIR);
  return dirs;
}

std::vector<std::string> profile_names() {
  std::set<std::string> known;
  for (const auto& dir : profile_dirs()) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
      if (entry.path().extension() == ".toml") known.insert(entry.path().stem().string());
  }
  return {known.begin(), known.end()};
}

Expected<std::string> resolve_profile(const std::string& name_or_file) {
  const bool is_file =
      name_or_file.find('/') != std::string::npos || (name_or_file.size() > 5 && name_or_file.ends_with(".toml"));
  if (is_file) return name_or_file;
  std::string searched;
  for (const auto& dir : profile_dirs()) {
    const fs::path candidate = fs::path(dir) / (name_or_file + ".toml");
    std::error_code ec;
    if (fs::is_regular_file(candidate, ec)) return candidate.string();
    searched += (searched.empty() ? "" : ", ") + dir;
  }
  std::string names;
  for (const auto& n : profile_names()) names += (names.empty() ? "" : ", ") + n;
  return fail("no profile named \"" + name_or_file + "\" (looked in " + searched + ")",
              names.empty() ? "give a file: --profile path/to/profile.toml"
                            : "known profiles: " + names + "; or give a file: --profile path/to/profile.toml");
}

std::string site_default_profile() {
  const char* env = std::getenv("ROCE_DOCTOR_PROFILE_DIR");
  if (!env || !*env) return "";
  const fs::path file = fs::path(env) / "roce-lossless.toml";
  std::error_code ec;
  return fs::is_regular_file(file, ec) ? file.lexically_normal().string() : "";
}

}  // namespace roce::profile
