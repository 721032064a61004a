#include "sources/sysfs/sysfs_root.hpp"

#include <unistd.h>

#include <cstdlib>

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

}  // namespace roce::sources::sysfs
