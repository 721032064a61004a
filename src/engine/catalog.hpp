#pragma once
// Renders the check catalog (`roce-doctor checks`): ID, severity, title, inputs, profile keys,
// thresholds with defaults, and the doc paragraph.
#include <span>
#include <string>

#include "engine/check.hpp"

namespace roce::engine {

std::string render_catalog(std::span<const CheckInfo> catalog);

}  // namespace roce::engine
