// Writes one storm scenario's folder (storm_files.hpp): recordings, LLDP bundles, switch snapshots
// and the truth, from a cause and a seed. The output is deterministic.
//   sim-storm CAUSE SEED DIR      CAUSE: incast, slow-receiver, nic-storm,
//                                 cycle, global-pause, none
#include <cstdio>
#include <cstdlib>
#include <string>

#include "storm_files.hpp"

int main(int argc, char** argv) {
  const auto cause = argc == 4 ? roce::sim::storm_cause_named(argv[1]) : std::nullopt;
  char* end = nullptr;
  const unsigned long long seed = argc == 4 ? std::strtoull(argv[2], &end, 10) : 0;
  if (!cause || !end || *end) {
    std::fprintf(stderr,
                 "usage: sim-storm CAUSE SEED DIR\n  CAUSE: incast, slow-receiver, nic-storm, "
                 "cycle, global-pause, none\n");
    return 3;
  }
  roce::sim::Scenario s = roce::sim::make_scenario(*cause, seed);
  auto stats = bench::write_scenario_folder(s, argv[3]);
  if (!stats) {
    std::fprintf(stderr, "sim-storm: %s\n", stats.error().message.c_str());
    return 4;
  }
  std::printf("%s: %zu hosts (%llu samples, %llu bytes of recordings), %zu switches (%llu blocks, %llu bytes)\n",
              s.name.c_str(), stats->hosts, static_cast<unsigned long long>(stats->host_samples),
              static_cast<unsigned long long>(stats->recording_bytes), stats->switches,
              static_cast<unsigned long long>(stats->switch_blocks),
              static_cast<unsigned long long>(stats->snapshot_bytes));
  if (s.truth.origin)
    std::printf("origin %s %s (%s), %zu victims\n", s.truth.origin->node.c_str(), s.truth.origin->port.c_str(),
                std::string(roce::sim::to_string(s.truth.cause)).c_str(), s.truth.victims.size());
  return 0;
}
