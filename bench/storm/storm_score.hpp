#pragma once
// Scoring what an analysis says of a storm scenario against the scenario's truth.json:
//  * origin right: the port it names is the truth's origin (for a cyclic buffer dependency, any port
//    of the cycle; for a quiet fabric, naming no origin);
//  * cause right: the same cause name ("none" when it finds no storm);
//  * victims found (named and in the truth), missed, invented (named, yet never paused: neither a
//    victim, a port of the cycle, nor a port paused by something else);
//  * a victim named as the origin (the failure the goals forbid);
//  * the origin's time error in sampling intervals: |its time - the truth's onset| / interval.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "util/expected.hpp"

namespace bench {

struct PortKey {
  std::string node, port;
  bool operator==(const PortKey&) const = default;
  auto operator<=>(const PortKey&) const = default;
};

struct StormTruthFile {
  std::string scenario, cause;
  std::optional<PortKey> origin;
  std::optional<std::int64_t> onset_unix_ms;
  std::int64_t sample_interval_ms = 1000;
  std::vector<PortKey> victims, cycle, unrelated_paused;
};

roce::Expected<StormTruthFile> read_truth_file(const std::string& path);
roce::Expected<StormTruthFile> parse_truth(const std::string& text, const std::string& name);

/// What an analysis says of one scenario: to be filled from storm::analyze's result.
struct StormVerdict {
  std::string cause = "none";
  std::optional<PortKey> origin;
  std::optional<std::int64_t> origin_unix_ms;
  std::vector<PortKey> victims;
};

struct StormScore {
  bool origin_right = false, cause_right = false, victim_named_origin = false;
  bool unscored = false;  // the draw raised no storm though its scenario has a fault: nothing to score
  bool unscored_named = false;        // ... yet the analysis named a storm
  bool unscored_named_fault = false;  // ... at the fault's port
  int victims_found = 0, victims_missed = 0, victims_invented = 0;
  std::optional<double> origin_time_error_intervals;
};

StormScore score(const StormTruthFile& truth, const StormVerdict& verdict);

}  // namespace bench
