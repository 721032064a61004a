#pragma once
// The switch end of a host port for the cross checks (XSW-*): the cable, the switch, its port and
// the port as a netdev; how a finding names both ends; the switch-side fix as an operator pastes it.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/check.hpp"
#include "engine/context.hpp"
#include "model/switch_port.hpp"

namespace roce::checks {

struct SwitchEnd {
  const model::Cable* cable = nullptr;
  const model::Switch* sw = nullptr;
  const model::SwitchPort* port = nullptr;
  const model::NetDev* netdev = nullptr;  // the switch port in the switch's host model

  /// "gpu-a17 ens1f0np0 <-> leaf01 Ethernet0"
  std::string both() const;
  /// "leaf01 Ethernet0"
  std::string switch_port() const;
  /// The cable and how it was joined, as evidence.
  engine::Evidence cable_evidence() const;
  /// The switch's lossless TCs (PFC enabled), or nullopt when its PFC is not known.
  std::optional<std::uint8_t> pfc_mask() const;
  /// The egress queue of a TC: TC_TO_QUEUE_MAP, or the TC itself without a map.
  int queue_of_tc(int tc) const;
  /// The WRED profile bound to a queue, or null.
  const model::SwitchWred* wred_of_queue(int queue) const;
  /// The ingress PG of a TC (TC_TO_PRIORITY_GROUP_MAP, or the TC itself without a map).
  int pg_of_tc(int tc) const;
  /// The lossless buffer PG that covers a PG, or null.
  const model::SwitchPg* lossless_pg(int pg) const;
  /// The port speed in Mb/s, when the export gives it.
  std::optional<std::uint32_t> speed_mbps() const;
};

/// The switch end of a host port; nullopt (and a skip recorded) when no cable joins it.
std::optional<SwitchEnd> switch_end(const engine::Context& ctx, const engine::PortView& p, engine::Reporter& r);

/// A CONFIG_DB change as the operator pastes it on the switch: the RFC 6902 JSON Patch that
/// `config apply-patch` reads. `ops` are JSON objects ({"op": "replace", "path": ..., "value": ...}).
std::string sonic_patch_command(const std::string& switch_name, const std::vector<std::string>& ops);
/// One JSON Patch operation on CONFIG_DB: path "/TABLE/KEY/field" (a key's '/' and '~' escaped).
std::string patch_op(const std::string& op, const std::string& table, const std::string& key, const std::string& field,
                     const std::string& value);

/// The JSON Patch operations that give the port's PORT_QOS_MAP entry `fields` (and bind a DSCP map
/// when `bind_dscp`). SONiC applies no map and enables no PFC on a port without an entry: when the
/// entry (or the whole table) is missing the operations create it whole, with the DSCP map and the
/// profile's lossless priorities as pfc_enable besides `fields`, so that every fix that creates it
/// leaves the same entry whichever is pasted first. A DSCP map is one the export holds (the port's,
/// else one another port binds) or DSCP_TO_TC_MAP|ROCE created from the profile.
std::vector<std::string> port_qos_fix(const SwitchEnd& end, const profile::Profile& prof,
                                      std::vector<std::pair<std::string, std::string>> fields, bool bind_dscp);
/// Whether the port has a PORT_QOS_MAP entry of its own (always true off SONiC).
bool has_port_qos_entry(const SwitchEnd& end);

/// NVUE commands as the operator pastes them on a Cumulus switch, then `nv config apply`.
std::string nvue_command(const std::string& switch_name, const std::vector<std::string>& lines);
/// The fix in the switch's own tool: the SONiC JSON Patch, or the NVUE lines on Cumulus.
std::string switch_fix(const SwitchEnd& end, const std::vector<std::string>& sonic_ops,
                       const std::vector<std::string>& nvue_lines);

/// "DSCP 26 -> TC 1" and its evidence from the switch's map.
engine::Evidence switch_config(const std::string& name, const std::string& value, const model::Provenance& from);

/// "3,4": the priorities of a mask; "none" when empty.
std::string priority_list(std::uint8_t mask);

}  // namespace roce::checks
