#pragma once
#include <string>

namespace roce::sources::sysfs {

// The root under which "class/infiniband", "class/net" and "bus/pci" are read. Precedence:
// flag_value if non-empty, else $ROCE_DOCTOR_SYSFS_ROOT, else "/sys". The environment variable is
// ignored when getuid() != geteuid() (setuid), like rdma-core's SYSFS_PATH.
std::string resolve_sysfs_root(const std::string& flag_value);

}  // namespace roce::sources::sysfs
