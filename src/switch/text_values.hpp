#pragma once
// How switch exports write values: numbers as strings (sometimes with stray spaces), comma lists,
// ranges "3-4", legacy references "[TABLE|name]", port names "Ethernet12". Shared by the readers.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roce::switches {

/// A non-negative decimal integer, surrounding spaces and thousands separators (",") allowed.
std::optional<std::uint64_t> parse_unsigned(std::string_view s);
/// "true"/"false" (any case), "yes"/"no", "on"/"off", "enabled"/"disabled".
std::optional<bool> parse_bool(std::string_view s);
/// The parts of a `sep`-separated list, trimmed, empty parts dropped.
std::vector<std::string> split_list(std::string_view s, char sep);
/// "3" or "3-4".
std::optional<std::pair<int, int>> parse_range(std::string_view s);
/// "3,4" (or "" for none) as a bit mask of priorities 0-7.
std::optional<std::uint8_t> parse_priority_mask(std::string_view s);
/// "[DSCP_TO_TC_MAP|AZURE]" (pre-2021 templates) -> "AZURE"; a plain name as it is.
std::string reference_name(std::string_view s);
/// A sort key that orders "Ethernet8" before "Ethernet12" (the number, then the name).
std::pair<std::string, std::uint64_t> port_order(const std::string& name);

}  // namespace roce::switches
