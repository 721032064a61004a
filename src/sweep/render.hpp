#pragma once
// The views of a localization: text, JSON and one HTML file, and the exit code they end with.
#include <string>
#include <vector>

#include "fabric/fabric.hpp"
#include "sweep/localize.hpp"
#include "sweep/observation.hpp"

namespace roce::sweep {

/// One self-contained HTML file: the fabric with the suspects marked, then the suspects, the
/// candidates and the tests that would tell them apart. `source` names the results read.
std::string render_html(const fabric::Fabric& fabric, const Localization& localization, const std::string& source);

/// The text view: what was read, the blamed parts with confidence, rationale, their hosts' findings
/// and drain line, the candidates, the tests that would tell them apart, the notes.
std::string render_localization_text(const fabric::Fabric& fabric, const Localization& localization,
                                     const std::string& source, int exit_code);
/// The same as one JSON object (`sweep localize --json`).
std::string render_localization_json(const fabric::Fabric& fabric, const Localization& localization,
                                     const std::string& source, int exit_code);

/// The exit code as check's: 0 nothing degraded, 1 candidates or parts somewhat below line rate,
/// 2 a blamed part well below it (a test it explains under 70% of line rate), 5 no test measured.
int localization_exit_code(const Localization& localization, const std::vector<Observation>& observations);

}  // namespace roce::sweep
