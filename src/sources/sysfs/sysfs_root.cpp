// resolve_sysfs_root and check_sysfs_root: which tree is read as sysfs, and whether it can be.
#include "sources/sysfs/sysfs_root.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace roce::sources::sysfs {

std::string resolve_sysfs_root(const std::string& flag_value) {
  if (!flag_value.empty()) return flag_value;
  // A setuid binary must not let the caller point it at a tree of their choosing.
  if (getuid() == geteuid()) {
    const char* env = std::getenv("ROCE_DOCTOR_SYSFS_ROOT");
    if (env != nullptr && *env != '\0') return env;
  }
  return "/sys";
}

Outcome check_sysfs_root(const std::string& flag_value) {
  const std::string root = resolve_sysfs_root(flag_value);
  if (root == "/sys") return done();
  const std::string named = (flag_value.empty() ? "ROCE_DOCTOR_SYSFS_ROOT=" : "--sysfs-root ") + root;
  const std::string hint = "give a copy of /sys (a folder holding class/ and devices/), e.g. an sos report's sys/";
  const auto failed = [&](int err) { return fail(named + ": " + std::strerror(err), hint, err); };
  struct stat st {};
  if (::stat(root.c_str(), &st) != 0) return failed(errno);
  if (!S_ISDIR(st.st_mode)) return fail(named + ": not a folder", hint, ENOTDIR);
  DIR* dir = ::opendir(root.c_str());
  if (dir == nullptr) return failed(errno);
  ::closedir(dir);
  const std::string classes = root + "/class";
  if (::stat(classes.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    return fail(named + ": no class/ folder in it, so not a copy of /sys", hint, ENOENT);
  return done();
}

}  // namespace roce::sources::sysfs
