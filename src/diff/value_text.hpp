#pragma once
// Readable configuration values: bit masks per priority, bytes, tc handles, DCB APP entries.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "diff/json_paths.hpp"

namespace roce::diff {

// One value as text; `key` is the member it is held in (it selects the unit or notation).
std::string value_text(const Json& value, std::string_view key);

// How a per-element array is labelled: "prio" (per priority), "tc", "buffer", "band"; empty when
// the array is compared whole (addresses, apptrust, ...).
std::string_view element_label(std::string_view key);

// Per-bit details of a changed mask ("prio 3: off -> on"); empty when `key` is not a per-priority mask.
std::vector<std::string> mask_details(std::string_view key, const Json& before, const Json& after);

// DCB APP entries (struct dcb_app) compared as sets: "removed DSCP 26 -> prio 3",
// "added UDP port 4791 -> prio 3"; DSCP/port runs compacted ("DSCP 0-25,27 -> prio 0").
std::vector<std::string> app_set_details(const Json& before, const Json& after);

}  // namespace roce::diff
