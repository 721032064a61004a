#pragma once
// One host of a fleet, judged: a `check --json` output read back, or a capture through the judge step.
#include <string>
#include <vector>

#include "fleet/host_summary.hpp"
#include "judge/open_system.hpp"
#include "profile/profile.hpp"
#include "util/expected.hpp"

namespace roce::fleet {

/// The host at `path` summarised: a `check --json` output as it was judged, or any capture
/// judge::read_input reads, judged by the whole catalog against `profile` with the switch exports
/// joined to its ports. `label` names it where the capture names no host, and in errors.
Expected<HostSummary> judge_host(const judge::SystemSpec& system, const std::string& path, const std::string& label,
                                 const profile::Profile& profile, const std::vector<std::string>& switch_exports = {});

}  // namespace roce::fleet
