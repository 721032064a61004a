#pragma once
// What the host sources (recordings, captures) share: a host sample's pause fingerprint for the
// first pass, and its counters appended to the series of the windows it falls in for the second.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "incident/host_counters.hpp"
#include "incident/source.hpp"

namespace roce::incident {

class HostSeriesReader {
 public:
  explicit HostSeriesReader(std::string source) : source_(std::move(source)) {}
  /// The fingerprint of the sample's pause counters and how many ports it has.
  std::uint64_t fingerprint(const model::Host& sample, std::size_t& ports);
  bool pause_counters_seen() const { return counters_.pause_counters_seen(); }
  /// Where the values the fingerprint is made of are in `sample`.
  std::vector<const void*> fingerprint_addresses(const model::Host& sample) {
    return counters_.pause_addresses(sample);
  }
  /// Appends the sample to the series of every window in `mine` within `pad_ms` of it.
  void add(const model::Host& sample, const std::vector<Window>& windows, const std::vector<bool>& mine,
           std::int64_t pad_ms, WindowSeries& out);

 private:
  std::string source_;
  HostCounters counters_;
  std::vector<std::uint64_t> sums_;
  std::vector<storm::Counters> values_;
  std::vector<std::size_t> near_;
  std::map<std::pair<std::size_t, storm::PortId>, std::size_t> at_;  // (window, port) -> index in out[window]
};

/// `host` without its counter sets (what the cable join needs of it, a fraction of its size).
model::Host configuration_of(const model::Host& host);

}  // namespace roce::incident
