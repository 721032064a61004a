#pragma once
// Differences between two Host samples: configuration (every field of the model, found by walking
// both models through model/schema.hpp, so a field added to the model later is compared without a
// change here)
// and, for two samples of one host, counter deltas and rates. Pure: no I/O.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"

namespace roce::diff {

// One configuration field that differs. `field` is a path below the subject, e.g.
// "dcb.pfc.pfc_en", "ecn.np prio 3", "ports[1].gids[3].type"; empty when the whole subject exists
// on one side only. A side's availability is "present" or why the field is missing there
// ("unsupported", "denied", "absent", "error").
struct ConfigChange {
  std::string subject;  // netdev or RDMA device name, or "host"
  std::string field;
  std::string before, after;  // readable: "0x08", "262016 B", "on", "missing (unsupported: ...)"
  std::string before_availability = "present", after_availability = "present";
  std::vector<std::string> details;  // "prio 3: off -> on", "removed DSCP 26 -> prio 3"
  bool operator==(const ConfigChange&) const = default;
};

// One counter that changed between the samples (same host only).
struct CounterChange {
  std::string subject;    // netdev or RDMA device name
  std::string counter;    // path below the subject: "ethtool_stats.rx_prio3_pause", "ports[1].hw_counters.np_cnp_sent"
  std::string canonical;  // "prio[3].rx_pause" where known (counters/canonical.hpp), else empty
  std::optional<std::uint64_t> before, after;  // one is empty when the counter exists in one sample only
  std::uint64_t delta = 0;                     // after - before; after alone when the counter was reset (a decrease)
  bool reset = false;
  std::optional<double> rate_per_s;  // delta / seconds, when the samples' clocks give seconds
  bool lossless = false;             // pause, discards, ECN, CNP, out of buffer, drops: listed first
  bool operator==(const CounterChange&) const = default;
};

struct Diff {
  std::string host_a, host_b;
  bool same_host = false;         // same hostname: counters are compared
  std::optional<double> seconds;  // B after A by the samples' clocks
  std::string clock;              // "monotonic" or "wall clock" (which clock gave `seconds`)
  std::vector<ConfigChange> config;
  std::vector<CounterChange> counters;  // lossless-relevant first, then by rate (or delta), descending
  std::vector<std::string> notes;
  bool has_config_differences() const { return !config.empty(); }
};

Diff diff_hosts(const model::Host& a, const model::Host& b);

}  // namespace roce::diff
