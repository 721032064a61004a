#pragma once
// `sweep localize DIR`: a results folder read, the hosts' and switches' own findings judged from
// their captures and exports, and the degraded parts inferred.
#include <string>
#include <vector>

#include "fabric/fabric.hpp"
#include "judge/open_system.hpp"
#include "profile/profile.hpp"
#include "sweep/localize.hpp"
#include "sweep/observation.hpp"
#include "util/result.hpp"

namespace roce::sweep {

struct LocalizeRequest {
  std::string dir;
  std::vector<std::string> captures;        // the hosts' captures: their NICs and cables, and their findings
  std::vector<std::string> switch_exports;  // the switches': leaf-spine links and their counters
  double line_gbps = 0;                     // --line-rate, for NICs no plan or capture gives one
  judge::SystemSpec system;
};

struct LocalizedFolder {
  fabric::Fabric fabric;
  std::vector<Observation> observations;
  Localization localization;  // its notes hold the folder's and the captures' notes too
  int exit_code = 0;          // localization_exit_code
};

/// The fabric is the folder's plan's, else the captures' (their LLDP cables), else the manifest's
/// hosts and devices. Fails (kExitInputError) only when the folder has no readable manifest.
Result<LocalizedFolder> localize_folder(const LocalizeRequest& request, const profile::Profile& profile);

}  // namespace roce::sweep
