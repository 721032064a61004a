#pragma once
// What a simulated switch shows: the blocks a snapshot loop on the switch writes,
//   while sleep 1; do date -u +%Y-%m-%dT%H:%M:%S.%3NZ; show pfc counters; show queue counters;
//     show queue wredcounters; show interfaces counters; done > leaf01.txt
// from the model's counters of its ports, and its `show lldp table`; and what a host's lldpd shows
// of its switch port (`lldpctl -f json`). A SONiC switch sends its port's alias as the LLDP Port ID;
// the simulated ports have no alias apart from their name, so the name is sent.
#include <cstdint>
#include <string>
#include <vector>

#include "sim/lossless_fabric.hpp"

namespace roce::sim {

/// `date -u +%Y-%m-%dT%H:%M:%S.%3NZ`: "2026-11-30T09:46:40.123Z".
std::string date_line(std::int64_t unix_ms);

class SwitchSnapshotBuilder {
 public:
  explicit SwitchSnapshotBuilder(const Fabric& fabric);
  /// One block: the date line at the switch's clock `unix_ms`, then the four outputs, from the
  /// counters rows of the switch's ports (ports x slot::kCount) at true time `true_s`. The
  /// interfaces' rates are over the time since the switch's previous block (0 in the first).
  std::string block(int sw, double true_s, const double* rows, std::int64_t unix_ms);

 private:
  struct Last {
    double s = -1;
    std::vector<double> rx, tx;  // bytes per port
  };
  const Fabric& fabric_;
  std::vector<Last> last_;
};

/// The switch's `show lldp table`: hosts by their MAC (lldpd's default Port ID) and ifname, switches
/// by port name.
std::string switch_lldp_table(const Fabric& fabric, int sw);

/// The host's `lldpctl -f json`: its one neighbour, the switch port it is cabled to.
std::string host_lldpctl_json(const Fabric& fabric, int host);

}  // namespace roce::sim
