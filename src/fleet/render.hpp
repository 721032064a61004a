#pragma once
// The fleet report as text, JSON and one self-contained HTML file (the style of `report -o`).
// JSON (schema_version 1):
//   {"schema_version": 1, "exit_code",
//    "hosts": {"read", "healthy", "warning", "critical", "nothing_judged", "unreadable"},
//    "nics": [{"model", "hosts"}],
//    "findings": [{"id", "severity", "title", "count", "hosts": [...]}],
//    "drift": [{"nic", "port", "field", "majority", "majority_hosts", "compared", "split",
//               "hosts": [{"host", "value"}]}],
//    "outliers": [{"nic", "host", "port", "pause_frames_per_s", "peer_median_per_s", "peers"}],
//    "errors": [{"path", "message", "hint"}]}
#include <string>

#include "fleet/fleet.hpp"

namespace roce::fleet {

/// Host lists longer than this are cut in the text view ("... and 12 more"); JSON and HTML list all.
inline constexpr std::size_t kTextHostsShown = 12;

std::string render_text(const FleetReport& report);
std::string render_json(const FleetReport& report);
std::string render_html(const FleetReport& report);

}  // namespace roce::fleet
