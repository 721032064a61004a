#pragma once
// Compact renderings of per-priority maps: the common value once as "others".
#include <string>
#include <vector>

#include "model/dcb.hpp"

namespace roce::report {

// DSCP APP entries -> "26→3 48→6, others→0". Entries with other selectors are ignored; DSCPs
// with no entry are not covered by "others" unless all 64 are listed.
std::string compact_dscp_map(const std::vector<model::AppEntry>& app);

// Eight per-priority values -> "3:on others:off" (or "0:a 1:b ..." when nothing repeats).
std::string compact_per_prio(const std::vector<std::string>& values);

// Non-DSCP APP entries, iproute2 style: "dgram-port-prio 4791:3", "ethtype-prio 0x8915:3".
std::vector<std::string> other_app_entries(const std::vector<model::AppEntry>& app);

}  // namespace roce::report
