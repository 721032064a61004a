#pragma once
// Many hosts compared: which findings each has, which settings drift from the majority of hosts
// with the same NIC model, and which ports pause far more than their peers. Hosts are added one at
// a time; only their summaries' values and the host names are kept.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "fleet/host_summary.hpp"

namespace roce::fleet {

/// A host (or a path) that could not be read or judged.
struct HostError {
  std::string host;  // the path given
  std::string message, hint;
};

/// One check ID and the hosts that have a finding of it.
struct FleetFinding {
  std::string id;
  engine::Severity severity = engine::Severity::info;  // the worst on any host
  std::string title;                                   // of the first host's first finding
  std::vector<std::string> hosts;                      // in the order read
};

/// Hosts whose value of a setting differs from the majority of the hosts with the same NIC model.
struct Drift {
  std::string nic, port, field;
  std::string majority;            // the value most hosts have
  std::size_t majority_hosts = 0;  // how many have it
  std::size_t compared = 0;        // hosts with this NIC, port and field
  bool split = false;              // no value has more than half of them
  struct Outlier {
    std::string host, value;
  };
  std::vector<Outlier> hosts;  // every host with another value, by value then order read
};

/// A port that pauses far more than the other ports of its NIC model.
struct RateOutlier {
  std::string nic, host, port;
  double frames_per_s = 0;
  double peer_median = 0;  // frames/s, over every port of the NIC model with a rate
  std::size_t peers = 0;
};

/// One cable between a host and a switch given with it: both ends and the XSW findings on it.
struct FleetCable {
  std::string host;  // as the report names the host
  CableSummary cable;
  /// The worst severity of its findings; nullopt when it has none.
  std::optional<engine::Severity> worst() const;
};

struct FleetReport {
  std::size_t hosts_read = 0;
  std::vector<FleetCable> cables;  // in the order read; empty without switch exports
  std::vector<HostError> errors;
  std::vector<FleetFinding> findings;                     // worst severity first, then most hosts, then ID
  std::vector<Drift> drift;                               // in drift_fields() order per NIC and port
  std::vector<RateOutlier> outliers;                      // highest rate first
  std::vector<std::pair<std::string, std::size_t>> nics;  // NIC model, hosts with it
  std::size_t healthy = 0, warning = 0, critical = 0, nothing_judged = 0;  // hosts by verdict
  /// 2 a critical finding on any host, 1 warnings, drift, outliers or unreadable hosts, 3 no host
  /// could be read, else 0.
  int exit_code() const;
};

/// A port is a pause outlier when it exceeds both this many times its peers' median and the floor.
inline constexpr double kOutlierFactor = 10;
inline constexpr double kOutlierFloorPerSecond = 100;
/// Outliers are only looked for among at least this many ports of one NIC model.
inline constexpr std::size_t kOutlierMinPorts = 3;

class Fleet {
 public:
  void add(const HostSummary& host);
  void add_error(HostError error);
  FleetReport report() const;

 private:
  using HostIndex = std::uint32_t;
  struct Tally {  // one NIC, port and field: the hosts of each value
    std::string nic, port, field;
    std::vector<std::pair<std::string, std::vector<HostIndex>>> values;
  };
  struct FindingTally {
    FleetFinding finding;
    std::vector<HostIndex> hosts;
  };
  struct PortRate {
    HostIndex host;
    std::string port;
    double frames_per_s;
  };

  std::vector<std::string> names_;
  std::unordered_map<std::string, std::size_t> name_count_;
  std::vector<HostError> errors_;
  std::vector<Tally> tallies_;
  std::unordered_map<std::string, std::size_t> tally_index_;
  std::vector<FindingTally> findings_;
  std::unordered_map<std::string, std::size_t> finding_index_;
  std::vector<std::pair<std::string, std::vector<PortRate>>> rates_;  // per NIC model
  std::vector<std::pair<std::string, std::size_t>> nics_;
  std::vector<std::pair<HostIndex, CableSummary>> cables_;
  std::size_t verdicts_[4] = {};  // healthy, warning, critical, nothing judged
};

}  // namespace roce::fleet
