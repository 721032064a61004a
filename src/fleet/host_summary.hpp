#pragma once
// What the fleet keeps of one host once it has been judged: the settings hosts are compared on, its
// findings and its ports' pause rates. The host model itself is dropped after summarize(), so the
// memory a fleet run holds grows with the report, not with the captures read.
#include <string>
#include <vector>

#include "engine/context.hpp"
#include "engine/finding.hpp"

namespace roce::fleet {

/// One configuration value of one port, compared against the hosts with the same NIC model.
struct Setting {
  std::string nic;    // "ConnectX-6 Dx", "mlx5_core", "unknown NIC": which hosts are comparable
  std::string port;   // "ens1f0np0", or "mlx5_1/1" when the netdev is unknown
  std::string field;  // "pfc mask", "mtu", "firmware", ...
  std::string value;  // "3", "9000", "missing (unsupported)"
  bool operator==(const Setting&) const = default;
};

/// A port's PFC and 802.3x pause frames per second, sent and received, all priorities.
struct PauseRate {
  std::string nic, port;
  double frames_per_s = 0;
  bool operator==(const PauseRate&) const = default;
};

struct HostFinding {
  std::string id;  // catalog ID
  engine::Severity severity = engine::Severity::warning;
  std::string subject;  // "ens1f0np0 (mlx5_0/1) prio 3"
  std::string title;
  bool operator==(const HostFinding&) const = default;
};

/// One cable of the host to a switch given with it, and the cross-check (XSW-*) findings on it.
struct CableSummary {
  std::string netdev;                 // host end: "ens1f0np0"
  std::string switch_name, port;      // switch end: "leaf01", "Ethernet0"
  std::string join;                   // how the ends were paired: "host LLDP", ...
  std::vector<HostFinding> findings;  // ranked
  bool operator==(const CableSummary&) const = default;
};

struct HostSummary {
  std::string name;  // the capture's hostname
  std::vector<Setting> settings;
  std::vector<HostFinding> findings;  // ranked
  std::vector<CableSummary> cables;   // only with switch exports
  std::vector<PauseRate> pause;       // only with two samples
  int exit_code = 0;                  // as `check` would exit on this host (util/exit_codes.hpp)
  bool operator==(const HostSummary&) const = default;
};

/// The fields drift is looked for in, in the order reports list them.
const std::vector<std::string>& drift_fields();

/// The NIC model a port is compared within: the mlx5 model from the HCA type ("ConnectX-6 Dx"),
/// else the HCA type, else the netdev's driver, else "unknown NIC".
std::string nic_model(const engine::PortView& port);

/// The settings and pause rates of every RoCE port of the context's host, and its ranked findings.
/// Fields a capture does not hold (absent) are left out; other missing values are compared as
/// "missing (REASON)".
HostSummary summarize(std::string name, const engine::Context& ctx, const std::vector<engine::Finding>& ranked,
                      int exit_code);

}  // namespace roce::fleet
