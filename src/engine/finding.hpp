#pragma once
// What a check reports: findings with their subject, evidence and remedy.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/field.hpp"

namespace roce::engine {

enum class Severity { info = 0, warning = 1, critical = 2 };
const char* to_string(Severity s);

/// What a finding is about. Empty/nullopt members do not apply. Every member has a default (`{}`)
/// so that a Subject or a Finding can be written with designated initializers naming only what
/// applies (gcc warns about an omitted member that has none).
struct Subject {
  std::string netdev{};           // "ens1f0np0"
  std::string rdma_device{};      // "mlx5_0"
  std::optional<int> port{};      // RDMA port number
  std::optional<int> priority{};  // 0..7
  std::optional<int> buffer{};    // DCB buffer index
  std::string to_string() const;  // "ens1f0np0 (mlx5_0/1) prio 3"
  /// The port: its netdev, or "mlx5_0/1" when the netdev is unknown.
  std::string port_name() const;
  bool operator==(const Subject&) const = default;
};

/// One fact behind a finding: a raw counter (name as the driver spells it, value, delta and rate
/// over the window) or a configuration field (name, value), and where it came from.
struct Evidence {
  std::string name;                    // "rx_prio3_discards", "dcb pfc prio-pfc", "mtu"
  std::string value;                   // "0:off 1:off 2:off 3:on ...", "1523" (cumulative value for counters)
  std::optional<std::uint64_t> delta;  // counters over the window
  std::optional<double> per_second;    // delta / dt
  bool reset = false;                  // counter went backwards: delta counts since the reset
  model::Provenance from;
  bool operator==(const Evidence&) const = default;
};

/// Built with designated initializers, as checks do:
///   r.finding({.severity = Severity::critical, .subject = p.subject(3), .title = "...", ...});
struct Finding {
  std::string id{};  // check ID, "QOS-TRUST" (Reporter::finding fills it in)
  Severity severity = Severity::warning;
  Subject subject{};
  std::string title{};  // one line: "trust mode is pcp, profile expects dscp"
  std::vector<Evidence> evidence{};
  std::string explanation{};               // one paragraph: why it matters
  std::vector<std::string> remediation{};  // commands for this host
  std::vector<std::string> caused_by{};    // refs() of the findings that explain this one
  /// "QOS-TRUST@ens1f0np0" ("LINK-STATE@mlx5_1/1" when the netdev is unknown): how caused_by names
  /// a finding.
  std::string ref() const { return id + "@" + subject.port_name(); }
  bool operator==(const Finding&) const = default;
};

}  // namespace roce::engine
