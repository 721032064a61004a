#pragma once
// A storm scenario's folder, in the formats roce-doctor reads:
//   DIR/truth.json                         what caused the storm (sim/storm_truth_json.hpp)
//   DIR/hosts/HOST.rec                     each host's recording (record's writer), 1 s samples
//   DIR/lldp/HOST.json                     each host's `collect` bundle: its first sample and its LLDP
//                                          neighbour (read from its `lldpctl -f json` by the real parser)
//   DIR/switches/SWITCH/snapshots.txt      the switch's snapshot loop: date line, show pfc counters,
//                                          show queue counters, show queue wredcounters, show
//                                          interfaces counters, every second
//   DIR/switches/SWITCH/show_lldp_table.txt
#include <cstdint>
#include <string>

#include "record/recording.hpp"
#include "sim/storm_scenarios.hpp"
#include "util/expected.hpp"

namespace bench {

struct FolderStats {
  std::size_t hosts = 0, switches = 0;
  std::uint64_t host_samples = 0, switch_blocks = 0;
  std::uint64_t recording_bytes = 0, snapshot_bytes = 0;
};

struct FolderOptions {
  bool hosts = true, switches = true;  // which files to write (the truth always)
  roce::record::WriterOptions recording;
  // Per-channel counters added to each host's netdev, as mlx5 has them (rxN_packets, txN_bytes,
  // ...: 14 per channel, the traffic ones moving every second): a recording of a host's real size.
  int queues = 0;
};

/// Runs `scenario` (which completes its truth) and writes its folder under `dir` (created).
roce::Expected<FolderStats> write_scenario_folder(roce::sim::Scenario& scenario, const std::string& dir,
                                                  const FolderOptions& options = {});

}  // namespace bench
