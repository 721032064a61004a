#pragma once
// The views of a localization.
#include <string>

#include "fabric/fabric.hpp"
#include "sweep/localize.hpp"

namespace roce::sweep {

/// One self-contained HTML file: the fabric with the suspects marked, then the suspects, the
/// candidates and the tests that would tell them apart. `source` names the results read.
std::string render_html(const fabric::Fabric& fabric, const Localization& localization, const std::string& source);

}  // namespace roce::sweep
