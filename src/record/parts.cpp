// The parts of a rotated recording, in time order.
#include "record/parts.hpp"

#include <algorithm>
#include <optional>

#include "model/host.hpp"
#include "record/recording.hpp"

namespace roce::record {

Expected<std::vector<RecordingPart>> recording_parts(const std::vector<std::string>& paths) {
  std::vector<RecordingPart> parts;
  std::string hostname;
  for (const auto& path : paths) {
    std::optional<model::Host> first;
    auto scanned = for_each_sample(path, [&](const model::Host& h) {
      first = h;
      return false;
    });
    if (!scanned) return fail(std::move(scanned.error()));
    if (!first) continue;  // an empty (or torn-header) part: nothing to report from it
    if (parts.empty())
      hostname = first->hostname;
    else if (first->hostname != hostname)
      return fail("recording " + path + " is of another host (\"" + first->hostname + "\", not \"" + hostname + "\")",
                  "a report covers one host: run report once per host");
    parts.push_back({path, first->time_unix_ms, first->hostname});
  }
  std::stable_sort(parts.begin(), parts.end(),
                   [](const RecordingPart& a, const RecordingPart& b) { return a.first_ms < b.first_ms; });
  return parts;
}

}  // namespace roce::record
