#pragma once
#include <chrono>
#include <string_view>

#include "util/expected.hpp"

namespace roce::cli {

// "500ms", "2s", "1m", "1h": a positive integer and a unit.
Expected<std::chrono::milliseconds> parse_duration(std::string_view text);

// A window that may be empty: "0", or a duration as above.
Expected<std::chrono::milliseconds> parse_window(std::string_view text);

}  // namespace roce::cli
