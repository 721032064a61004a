#pragma once
// The first pass's bookkeeping for one source: each sample's time and a fingerprint of its pause
// counters (a sum or a hash that changes when one of them moves) make its SourceScan: when they
// moved, its first and last sample, its usual interval and the gaps in it.
#include <cstdint>
#include <string>
#include <vector>

#include "incident/source.hpp"

namespace roce::incident {

class ScanBuilder {
 public:
  ScanBuilder(std::string name, const ScanOptions& options);
  /// One sample, in the source's order. Outside since/until it only counts for the span.
  void sample(std::int64_t t_ms, std::uint64_t fingerprint, std::size_t ports);
  /// `samples` samples from first_ms to last_ms, in order, none more than 3 bins after the one
  /// before it, with the fingerprint of the sample before them (a recording's quiet frame).
  void quiet_run(std::int64_t first_ms, std::int64_t last_ms, std::uint64_t samples);
  SourceScan finish();

 private:
  SourceScan scan_;
  ScanOptions options_;
  bool have_previous_ = false;
  std::int64_t previous_ms_ = 0;
  std::uint64_t previous_fingerprint_ = 0;
  std::vector<std::int64_t> first_steps_;  // the first intervals, for the usual one
  std::vector<Interval> long_steps_;       // intervals longer than 3 bins: gaps if longer than 3 usual ones
};

/// Combines a value into a fingerprint (order matters).
inline std::uint64_t fingerprint_add(std::uint64_t fp, std::uint64_t v) {
  return (fp ^ v) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull;
}

}  // namespace roce::incident
