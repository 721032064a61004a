#pragma once
// The storms of an incident as one HTML file in the style of `report`: per storm, the fabric (its
// switches above, the hosts below, the cables between) with the origin, the spread and the victims
// marked, then a timeline of every port the storm reached, the evidence and the fixes. Inline CSS
// and SVG, no script; every name from the inputs is escaped.
#include <string>
#include <string_view>

#include "storm/analyze.hpp"
#include "storm/series.hpp"

namespace roce::storm {

std::string render_html(const Incident& incident, const Analysis& analysis);

}  // namespace roce::storm
