#pragma once
// The switch at the other end of a host's cables: each switch is a model::Host whose netdevs are its
// ports (DSCP map as DCB APP entries DSCP -> traffic class, PFC, TC -> queue as ETS prio_tc, TC -> PG
// as DCB prio2buffer, RED qdiscs for queues with WRED/ECN), plus the per-port facts the host model
// has no slot for (the raw SONiC maps and WRED profiles, lossless buffer PGs, the PFC watchdog),
// and the host-port <-> switch-port pairs with the join that found them.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/field.hpp"
#include "model/host.hpp"

namespace roce::model {

/// A WRED/ECN profile as the switch keeps it (SONiC WRED_PROFILE|NAME). Thresholds are bytes,
/// probabilities percent (0..100).
struct SwitchWred {
  std::string name;
  Field<std::string> ecn;  // ecn_none, ecn_green, ecn_all, ...
  Field<bool> green_enable;
  Field<std::uint64_t> green_min_bytes, green_max_bytes;
  Field<std::uint32_t> green_drop_percent;
  /// Whether the ECN mode marks green (the colour RoCE traffic has).
  bool marks_green() const {
    return ecn.ok() &&
           (*ecn == "ecn_green" || *ecn == "ecn_all" || *ecn == "ecn_green_yellow" || *ecn == "ecn_green_red");
  }
  bool operator==(const SwitchWred&) const = default;
};

/// One egress queue of a switch port and the WRED profile bound to it.
struct SwitchQueue {
  int index = 0;
  Field<std::string> wred_profile;  // name; absent: no WRED/ECN on this queue
  Field<std::string> scheduler;
  Field<std::uint64_t> tx_packets, drop_packets, ecn_marked_packets;  // show queue counters/wredcounters
  bool operator==(const SwitchQueue&) const = default;
};

/// A lossless ingress priority group and the buffer profile bound to it (SONiC BUFFER_PG). Bytes.
struct SwitchPg {
  int first = 0, last = 0;  // PG range "3-4"
  std::string profile;      // "pg_lossless_100000_5m_profile"; "NULL": sized by the dynamic buffer manager
  Field<std::uint64_t> xon_bytes, xoff_bytes, size_bytes;
  /// When the PG sends XOFF: dynamic_th n (alpha = 2^n of the free pool, -8..7) or static_th bytes.
  Field<std::int32_t> dynamic_th;
  Field<std::uint64_t> static_th_bytes;
  Field<std::uint64_t> pool_bytes;  // BUFFER_POOL size of the profile's pool
  Provenance from;
  bool covers(int pg) const { return pg >= first && pg <= last; }
  bool operator==(const SwitchPg&) const = default;
};

/// The PFC watchdog of a port (SONiC PFC_WD|PORT). Times in milliseconds.
struct SwitchPfcWatchdog {
  std::string action;  // drop, forward, alert
  std::optional<std::uint32_t> detection_ms, restoration_ms;
  std::string history;  // pfc_stat_history "enable"/"disable"; empty when the export does not say
  bool operator==(const SwitchPfcWatchdog&) const = default;
};

/// One row of `show pfcwd stats`: a queue in storm or operational, and how often it stormed.
struct SwitchPfcwdQueue {
  int queue = 0;
  std::string status;  // "operational", "stormed"
  std::uint64_t storms_detected = 0, storms_restored = 0;
  Provenance from;
  bool operator==(const SwitchPfcwdQueue&) const = default;
};

/// A port's packet counters as `show interfaces counters` (portstat) prints them: packets since the
/// counters were last cleared. RX_DRP/TX_DRP are the SAI in/out discards (PFC watchdog drops count
/// in TX_DRP), RX_OVR/TX_OVR oversize frames (longer than the port's MTU). nullopt: "N/A".
struct SwitchPortCounters {
  std::optional<std::uint64_t> rx_ok, rx_err, rx_drop, rx_oversize;
  std::optional<std::uint64_t> tx_ok, tx_err, tx_drop, tx_oversize;
  bool operator==(const SwitchPortCounters&) const = default;
};

/// Peak occupancy per ingress priority group (index = PG), bytes, since the watermark was last
/// cleared (`show priority-group watermark headroom|shared`); nullopt: "N/A".
using PgWatermarks = std::vector<std::optional<std::uint64_t>>;

/// A buffer pool (SONiC BUFFER_POOL, `show buffer information`). Bytes.
struct SwitchBufferPool {
  std::string name;                             // "ingress_lossless_pool"
  std::string type, mode;                       // ingress/egress, static/dynamic
  Field<std::uint64_t> size_bytes, xoff_bytes;  // xoff: the shared headroom pool
  Provenance from;
  bool operator==(const SwitchBufferPool&) const = default;
};

/// A buffer profile (SONiC BUFFER_PROFILE, `show buffer information`). Bytes; dynamic_th is the
/// exponent n of the shared-buffer alpha 2^n.
struct SwitchBufferProfile {
  std::string name;  // "pg_lossless_100000_5m_profile"
  std::string pool;  // "ingress_lossless_pool"
  Field<std::uint64_t> size_bytes, xon_bytes, xoff_bytes, xon_offset_bytes;
  Field<std::int32_t> dynamic_th;
  Provenance from;
  bool operator==(const SwitchBufferProfile&) const = default;
};

using DscpMap = std::array<std::optional<std::uint8_t>, 64>;

/// Per-port facts of a switch port beyond its netdev (the netdev of the same name in Switch::host).
struct SwitchPort {
  std::string name;                // "Ethernet0", "swp1"
  Field<std::string> alias;        // SONiC PORT alias ("etp1"): the LLDP Port ID a SONiC switch sends
  Field<std::string> description;  // PORT description
  Field<std::uint32_t> cable_m;    // CABLE_LENGTH
  Field<std::string> dscp_to_tc_name, tc_to_queue_name, tc_to_pg_name, pfc_to_queue_name;
  Field<DscpMap> dscp_to_tc;
  Field<PerPrio<std::uint8_t>> tc_to_queue, tc_to_pg, pfc_prio_to_queue;
  Field<std::uint8_t> pfcwd_sw_enable;  // bit p: the watchdog guards priority p
  std::vector<SwitchQueue> queues;
  std::vector<SwitchPg> lossless_pgs;
  Field<SwitchPfcWatchdog> pfcwd;
  std::vector<SwitchPfcwdQueue> pfcwd_stats;
  /// PFC frames per priority (`show pfc counters`): received from the host (it paused the switch)
  /// and sent to it. Since the "Last cached time" the export names, when it names one.
  Field<PerPrio<std::uint64_t>> pfc_rx_frames, pfc_tx_frames;
  Field<SwitchPortCounters> counters;  // `show interfaces counters`
  Field<PgWatermarks> pg_headroom_watermark, pg_shared_watermark;

  const SwitchQueue* queue(int index) const {
    for (const auto& q : queues)
      if (q.index == index) return &q;
    return nullptr;
  }
  bool operator==(const SwitchPort&) const = default;
};

/// A neighbour the switch's LLDP table lists on one of its ports (`show lldp table`).
struct SwitchLldpNeighbor {
  std::string local_port;  // "Ethernet116"
  std::string remote_device;
  std::string remote_port_id;  // the host's MAC when the host runs lldpd with defaults
  std::string remote_port_descr;
  Provenance from;
  bool operator==(const SwitchLldpNeighbor&) const = default;
};

/// One switch read from an export: its ports as the host model and their switch-only facts.
struct Switch {
  Host host;           // hostname, from (the export), netdevs = the switch ports
  std::string vendor;  // "sonic", "cumulus"
  std::string source;  // what the export was: "config_db.json (nested)", "sonic-db-dump", ...
  std::vector<SwitchPort> ports;
  std::vector<SwitchWred> wred_profiles;
  std::vector<SwitchBufferPool> buffer_pools;
  std::vector<SwitchBufferProfile> buffer_profiles;
  std::vector<SwitchLldpNeighbor> lldp;
  /// What a view covering every port without naming one says of each (Cumulus `nv show qos roce`
  /// given alone): the cable join makes the port it finds on this switch of these, under its name.
  /// Empty names: no such view.
  SwitchPort every_port;
  NetDev every_port_netdev;
  std::vector<std::string> warnings;  // located: "FILE: TABLE|KEY FIELD: what was wrong"
  /// SONiC: the QoS tables and entries the export holds ("PORT_QOS_MAP", "PORT_QOS_MAP|Ethernet0",
  /// "DSCP_TO_TC_MAP|AZURE"), so that a JSON Patch adds to what exists and creates what does not.
  std::vector<std::string> config_keys;

  bool has_config(std::string_view key) const {
    for (const auto& k : config_keys)
      if (k == key) return true;
    return false;
  }

  const SwitchPort* port(std::string_view name) const {
    for (const auto& p : ports)
      if (p.name == name) return &p;
    return nullptr;
  }
  const SwitchWred* wred(std::string_view name) const {
    for (const auto& w : wred_profiles)
      if (w.name == name) return &w;
    return nullptr;
  }
  const SwitchBufferProfile* buffer_profile(std::string_view name) const {
    for (const auto& b : buffer_profiles)
      if (b.name == name) return &b;
    return nullptr;
  }
  bool operator==(const Switch&) const = default;
};

/// A neighbour the host's LLDP agent saw on one of its netdevs (lldpctl, lldptool).
struct HostLldpNeighbor {
  std::string netdev;       // host interface
  std::string system_name;  // the switch's SysName (may be empty)
  std::string chassis_id;
  std::string port_id;       // "Ethernet0", "etp1", "swp1", a MAC
  std::string port_id_type;  // "ifname", "local", "mac"
  std::string port_descr;
  Provenance from;
  bool operator==(const HostLldpNeighbor&) const = default;
};

/// How a host port was paired with a switch port.
enum class CableJoin { host_lldp, switch_lldp, address31 };
inline const char* to_string(CableJoin j) {
  switch (j) {
    case CableJoin::host_lldp: return "host LLDP";
    case CableJoin::switch_lldp: return "switch LLDP table (host MAC)";
    case CableJoin::address31: return "/31 addresses";
  }
  return "?";
}

/// One cable: a host netdev and the switch port at its other end.
struct Cable {
  std::string host;         // host name
  std::string host_netdev;  // "ens1f0np0"
  std::string switch_name;  // Switch::host.hostname
  std::string switch_port;  // "Ethernet0"
  CableJoin join = CableJoin::host_lldp;
  std::string evidence;  // "lldpctl: ens1f0np0 neighbour leaf01 port etp1 (alias of Ethernet0)"
  bool operator==(const Cable&) const = default;
};

/// The switch side of a host: switch exports given with it, the host's LLDP view, and the cables
/// joined from them.
struct SwitchSide {
  std::vector<Switch> switches;
  std::vector<HostLldpNeighbor> host_lldp;
  std::vector<Cable> cables;

  const Switch* find_switch(std::string_view name) const {
    for (const auto& s : switches)
      if (s.host.hostname == name) return &s;
    return nullptr;
  }
  const Cable* cable_of(std::string_view host_netdev) const {
    for (const auto& c : cables)
      if (c.host_netdev == host_netdev) return &c;
    return nullptr;
  }
  bool empty() const { return switches.empty() && host_lldp.empty() && cables.empty(); }
  bool operator==(const SwitchSide&) const = default;
};

/// Adds what `more` holds to `into`.
inline void append(SwitchSide& into, SwitchSide&& more) {
  for (auto& s : more.switches) into.switches.push_back(std::move(s));
  for (auto& n : more.host_lldp) into.host_lldp.push_back(std::move(n));
  for (auto& c : more.cables) into.cables.push_back(std::move(c));
}

}  // namespace roce::model
