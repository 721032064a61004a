#pragma once
#include <chrono>
#include <string_view>

#include "util/expected.hpp"

namespace roce::cli {

/// A positive duration: a number of seconds ("5", "0.5"), or a number and a unit ("500ms", "2s",
/// "1.5m", "1h"), as iproute2 and ethtool users type it. Whole milliseconds only.
Expected<std::chrono::milliseconds> parse_duration(std::string_view text);

/// A window that may be empty: "0", or a duration as above.
Expected<std::chrono::milliseconds> parse_window(std::string_view text);

/// The hint every bad duration gets.
inline constexpr const char* kDurationHint = "give seconds (5, 0.5) or a number and a unit: 500ms, 2s, 1m, 1h";

}  // namespace roce::cli
