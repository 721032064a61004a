#pragma once
// The other input path: every sample of one host's captures, oldest first, for the timeline of
// `report` (read_input gives a command only a capture's first and last samples).
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "judge/input.hpp"
#include "model/host.hpp"
#include "timeline/time_spec.hpp"
#include "util/result.hpp"

namespace roce::judge {

struct SampleRequest {
  std::vector<std::string> paths;  // captures of one host: recordings (or their rotated parts), or other captures
  std::optional<timeline::TimeSpec> since, until;  // resolved on the first sample's UTC day
  std::string dev;                                 // --dev; empty: every device
  Notices notices;
};

/// Feeds each sample within since/until, narrowed to dev, to `feed`, oldest first. Recordings are
/// streamed part by part (a day at 1 Hz is too many Hosts to hold); the samples of other captures
/// are loaded first (a host mismatch is an error before any sample is fed) and merged in by time.
/// Returns how many samples were fed; kExitInputError for a capture that cannot be read, one of
/// another host, or a sample in which --dev names no device.
Result<std::size_t> feed_samples(const SampleRequest& request, const std::function<void(const model::Host&)>& feed);

}  // namespace roce::judge
