#pragma once
// A host's recording (`roce-doctor record`), its rotated parts together, streamed twice: a day at
// 1 s is never held, only the samples inside the windows are kept.
#include <memory>
#include <string>
#include <vector>

#include "incident/source.hpp"

namespace roce::incident {

/// `paths`: the parts of one host's recording (FILE, FILE.1, ...), in any order; `label` how notes
/// name it.
std::unique_ptr<Source> recording_source(std::vector<std::string> paths, std::string label);

/// Groups recording paths by host: "gpu1.rec", "gpu1.rec.1", "gpu1.rec.2" are one recording.
std::vector<std::vector<std::string>> group_recording_parts(const std::vector<std::string>& paths);

}  // namespace roce::incident
