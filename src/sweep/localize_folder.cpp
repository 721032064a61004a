// A results folder localized, with the evidence of the captures and switch exports given.
#include "sweep/localize_folder.hpp"

#include <filesystem>

#include "sweep/capture_cables.hpp"
#include "sweep/evidence.hpp"
#include "sweep/render.hpp"
#include "sweep/results_folder.hpp"
#include "util/exit_codes.hpp"

namespace roce::sweep {

Result<LocalizedFolder> localize_folder(const LocalizeRequest& request, const profile::Profile& profile) {
  FolderOptions options;
  options.line_gbps = request.line_gbps;
  std::vector<std::string> notes;
  std::error_code ec;
  const bool planned = std::filesystem::exists(request.dir + "/" + kPlanFileName, ec);
  if (!request.captures.empty() && !planned) {  // the plan's fabric is what ran; else the captures' cables
    auto switches = read_switches(request.switch_exports);
    if (!switches) return {std::move(switches.error()), kExitInputError};
    CaptureCables cables;
    for (const auto& path : request.captures) add_capture_cables(cables, request.system, path, path, *switches);
    notes = cables.notes;
    if (auto f = fabric_of_captures(cables, *switches)) options.fabric = std::move(*f);
  }
  auto folder = read_results_folder(request.dir, options);
  if (!folder) return {std::move(folder.error()), kExitInputError};
  std::vector<fabric::Evidence> evidence;
  if (!request.captures.empty() || !request.switch_exports.empty())
    evidence = evidence_of(folder->fabric, judge_evidence(request.captures, request.switch_exports, profile, notes));

  LocalizedFolder out;
  out.localization = localize(folder->fabric, folder->observations, evidence);
  auto& all = out.localization.notes;
  all.insert(all.begin(), notes.begin(), notes.end());
  all.insert(all.begin(), folder->notes.begin(), folder->notes.end());
  out.exit_code = localization_exit_code(out.localization, folder->observations);
  out.fabric = std::move(folder->fabric);
  out.observations = std::move(folder->observations);
  return out;
}

}  // namespace roce::sweep
