// --host SPEC: opens the live system or the simulator.
#include "judge/open_system.hpp"

#include <filesystem>

#include "sim/sim_system.hpp"
#include "sources/sysfs/sysfs_root.hpp"
#include "sources/writer/linux_system.hpp"

namespace roce::judge {

Expected<std::unique_ptr<system::System>> open_system(const std::string& spec, const std::string& sysfs_root,
                                                      const std::string& device) {
  if (spec == "live") {
    if (auto root = sources::sysfs::check_sysfs_root(sysfs_root); !root) return fail(std::move(root.error()));
    sources::writer::LinuxSystemOptions options;
    options.sysfs_root_flag = sysfs_root;
    options.collect.sysfs_root_flag = sysfs_root;
    options.collect.device = device;
    return std::unique_ptr<system::System>(std::make_unique<sources::writer::LinuxSystem>(options));
  }
  if (spec.rfind("sim:", 0) == 0) {
    const std::string file = spec.substr(4);
    if (file.empty()) return fail("--host sim: needs a file", "--host sim:examples/sim/healthy.toml");
    // Absolute: the journal records the system's name, and a watchdog or a later run may reopen it
    // from another working directory.
    std::error_code ec;
    const auto absolute = std::filesystem::absolute(file, ec);
    auto sim = sim::SimSystem::open(ec ? file : absolute.lexically_normal().string());
    if (!sim) return fail(std::move(sim.error()).context("--host " + spec));
    return std::unique_ptr<system::System>(std::move(*sim));
  }
  return fail("--host \"" + spec + "\" is not a host", "give live or sim:FILE.toml");
}

}  // namespace roce::judge
