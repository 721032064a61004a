#pragma once
// One source of port series read in two passes: a host's recording, a capture, a switch's snapshot
// files, a Prometheus server. The first pass says when its pause counters moved (cheaply: no
// counters are kept); the second reads its samples inside the windows that pass chose.
#include <cstdint>
#include <string>
#include <vector>

#include "incident/windows.hpp"
#include "model/host.hpp"
#include "model/switch_port.hpp"
#include "storm/series.hpp"

namespace roce::incident {

struct ScanOptions {
  std::int64_t bin_ms = 1000;
  std::int64_t since_ms = INT64_MIN, until_ms = INT64_MAX;
  std::int64_t join_ms = 60'000;  // movements this close are one stretch (twice the windows' margin)
};

/// The port series of each window, as the second pass fills them.
using WindowSeries = std::vector<std::vector<storm::PortSeries>>;

class Source {
 public:
  virtual ~Source() = default;
  /// Pass 1. What cannot be read goes to `notes`, located; the rest is read.
  virtual SourceScan scan(const ScanOptions& options, std::vector<std::string>& notes) = 0;
  /// Pass 2: its samples within `pad_ms` of the windows it is active in (`mine[w]`), appended to
  /// `out[w]` (one PortSeries per port and window).
  virtual void read(const std::vector<Window>& windows, const std::vector<bool>& mine, std::int64_t pad_ms,
                    WindowSeries& out, std::vector<std::string>& notes) = 0;
  /// A host's configuration (its netdevs' names, MACs, addresses) for the cable join; null for a
  /// switch or before the first pass.
  virtual const model::Host* host() const { return nullptr; }
  /// The host's LLDP neighbours (a capture's), if any.
  virtual const std::vector<model::HostLldpNeighbor>* host_lldp() const { return nullptr; }
  /// A switch: its name, the ports its outputs name and its LLDP table; null for a host.
  virtual const model::Switch* switch_model() const { return nullptr; }
  /// Why the source could not be read at all, when that ends the command (a server that does not
  /// answer); null otherwise (what it could not read is in the notes).
  virtual const Error* failure() const { return nullptr; }
};

}  // namespace roce::incident
