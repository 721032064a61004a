#pragma once
// --host SPEC: which system the commands read (and the tuner writes): "live" (this kernel) or
// "sim:FILE.toml" (the simulated host of src/sim, examples/sim/README.md).
#include <memory>
#include <string>

#include "system/system.hpp"
#include "util/expected.hpp"

namespace roce::judge {

/// The system a command reads, as the global options name it.
struct SystemSpec {
  std::string sysfs_root;  // --sysfs-root; empty: $ROCE_DOCTOR_SYSFS_ROOT, else /sys
  std::string host;        // --host SPEC ("live", "sim:FILE.toml"); empty: live
};

/// "live" or "sim:FILE"; sysfs_root is the --sysfs-root of the live system. `device` narrows what
/// the live system's sample() reads to it and what pairs with it (empty: every device); the
/// simulator ignores it. A sysfs copy that cannot be one (sources::sysfs::check_sysfs_root) fails.
Expected<std::unique_ptr<system::System>> open_system(const std::string& spec, const std::string& sysfs_root = {},
                                                      const std::string& device = {});

}  // namespace roce::judge
