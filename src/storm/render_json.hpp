#pragma once
// The storms of an analysis as one JSON document (man/roce-doctor.8, storm --json):
//   {"format": "roce-doctor-storm", "schema_version": 1, "bin_ms", "ports", "cables",
//    "storms": [{"cause", "severity", "priority" (null for 802.3x), "start_unix_ms", "end_unix_ms",
//                "origin": [PORT], "reached": [PORT + {"hops", "first_unix_ms", "last_unix_ms",
//                "pausing", "paused", "victim", "peak_share"}], "evidence", "fixes", "unseen"}],
//    "notes": [...], "exit_code"}
// PORT = {"node", "port", "switch": bool}.
#include <string>

#include "storm/analyze.hpp"

namespace roce::storm {

std::string render_json(const Analysis& analysis);

}  // namespace roce::storm
