#pragma once
// Where sysfs is read: /sys, or a copy of it named by --sysfs-root or $ROCE_DOCTOR_SYSFS_ROOT.
#include <string>

#include "util/expected.hpp"

namespace roce::sources::sysfs {

// The root under which "class/infiniband", "class/net" and "bus/pci" are read. Precedence:
// flag_value if non-empty, else $ROCE_DOCTOR_SYSFS_ROOT, else "/sys". The environment variable is
// ignored when getuid() != geteuid() (setuid), like rdma-core's SYSFS_PATH.
std::string resolve_sysfs_root(const std::string& flag_value);

// Whether the root resolve_sysfs_root(flag_value) gives can be read as sysfs: /sys always; a copy
// the user named must be a folder this process can list that holds class/ (as every sysfs does).
// Fails naming the option or variable and the path otherwise, without reading anything else.
Outcome check_sysfs_root(const std::string& flag_value);

}  // namespace roce::sources::sysfs
