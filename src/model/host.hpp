#pragma once
// The plain host model. Sources (live kernel, captures, the simulator) fill it; checks and the
// tuner read it. No I/O here.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "model/counters.hpp"
#include "model/dcb.hpp"
#include "model/field.hpp"
#include "model/qdisc.hpp"
#include "model/shared_buffer.hpp"

namespace roce::model {

struct LinkStats64 {  // struct rtnl_link_stats64 (the fields we use)
  std::uint64_t rx_packets = 0, tx_packets = 0, rx_bytes = 0, tx_bytes = 0;
  std::uint64_t rx_errors = 0, tx_errors = 0, rx_dropped = 0, tx_dropped = 0;
  std::uint64_t multicast = 0, collisions = 0;
  std::uint64_t rx_crc_errors = 0, rx_missed_errors = 0, tx_carrier_errors = 0;
  bool operator==(const LinkStats64&) const = default;
};

struct DriverInfo {  // ETHTOOL_GDRVINFO
  std::string driver, version, fw_version, bus_info;
  bool operator==(const DriverInfo&) const = default;
};

struct LinkSettings {                       // ETHTOOL_MSG_LINKMODES_GET / ETHTOOL_GLINKSETTINGS
  std::optional<std::uint32_t> speed_mbps;  // nullopt: SPEED_UNKNOWN
  std::string duplex;                       // "full", "half", "unknown"
  bool autoneg = false;
  std::optional<std::uint32_t> lanes;
  // The distinct speeds (Mb/s, ascending) of the link modes the port supports, advertises, and its
  // link partner advertises. nullopt: not reported (the source does not carry them, or the driver
  // reports no partner modes); empty: reported, none with a speed.
  // (Defaulted so that the aggregate initializations of speed, duplex, autoneg and lanes stay whole.)
  std::optional<std::vector<std::uint32_t>> supported_speeds_mbps = std::nullopt;
  std::optional<std::vector<std::uint32_t>> advertised_speeds_mbps = std::nullopt;
  std::optional<std::vector<std::uint32_t>> peer_advertised_speeds_mbps = std::nullopt;
  bool operator==(const LinkSettings&) const = default;
};

struct PauseParams {  // ETHTOOL_MSG_PAUSE_GET (802.3x global pause)
  bool autoneg = false, rx = false, tx = false;
  std::optional<std::uint64_t> tx_frames, rx_frames;  // ETHTOOL_A_PAUSE_STATS, when the driver reports them
  bool operator==(const PauseParams&) const = default;
};

struct PcieLink {                        // sysfs current_link_speed/width, max_link_speed/width
  std::string current_speed, max_speed;  // "16.0 GT/s PCIe"
  std::uint32_t current_width = 0, max_width = 0;
  bool operator==(const PcieLink&) const = default;
};

// Vendor (MLNX_OFED) sysfs ecn/roce_np|roce_rp/enable/<prio>.
struct NicEcn {
  PerPrio<Field<bool>> np;  // notification point: send CNPs for CE-marked RoCE packets
  PerPrio<Field<bool>> rp;  // reaction point: reduce rate on CNPs
  bool operator==(const NicEcn&) const = default;
};

struct NetDev {
  std::string name;
  Field<std::uint32_t> ifindex;
  Field<std::uint32_t> mtu;
  Field<std::string> operstate;  // "up", "down", "lowerlayerdown", ...
  Field<std::string> mac;
  Field<std::vector<std::string>> addresses;  // "172.19.0.60/24", "fe80::.../64"
  Field<std::uint64_t> carrier_changes;
  Field<LinkStats64> stats;
  Field<DriverInfo> driver;
  Field<LinkSettings> link;
  Field<PauseParams> pause;
  Field<std::uint32_t> pfc_prevention_tout_ms;  // ethtool tunable; 0 disabled, 0xffff auto
  Field<std::uint32_t> module_cable_m;          // cable length the module reports, if any
  Field<std::string> pci_address;               // "0000:b1:00.0"
  Field<PcieLink> pcie;
  Field<std::string> trust;  // vendor sysfs qos/trust: "pcp" or "dscp"
  Field<NicEcn> ecn;
  Dcb dcb;
  Field<std::vector<Qdisc>> qdiscs;
  Field<CounterSet> ethtool_stats;
  bool operator==(const NetDev&) const = default;
};

struct Gid {
  std::uint32_t index = 0;
  std::string gid;            // as sysfs prints it: 8 groups of 4 hex digits
  Field<std::string> type;    // "RoCE v2", "IB/RoCE v1"
  Field<std::string> netdev;  // gid_attrs/ndevs/N
  bool operator==(const Gid&) const = default;
};

struct PortState {  // "4: ACTIVE", "5: LinkUp"
  std::uint32_t code = 0;
  std::string name;
  bool operator==(const PortState&) const = default;
};

struct RdmaPort {
  std::uint32_t number = 0;
  Field<PortState> state;
  Field<PortState> phys_state;
  Field<std::string> rate;  // "100 Gb/sec (4X EDR)"
  Field<double> rate_gbps;
  Field<std::string> link_layer;    // "Ethernet", "InfiniBand"
  Field<std::string> netdev;        // associated netdev (from the device, or the GID table)
  Field<std::uint32_t> active_mtu;  // bytes (verbs)
  Field<std::uint32_t> max_mtu;     // bytes (verbs)
  Field<std::vector<Gid>> gids;
  Field<CounterSet> counters;     // IB PMA counters/
  Field<CounterSet> hw_counters;  // driver hw_counters/
  bool operator==(const RdmaPort&) const = default;
};

struct RdmaDevice {
  std::string name;  // "mlx5_0"
  Field<std::string> node_type;
  Field<std::string> node_guid;
  Field<std::string> fw_ver;
  Field<std::string> board_id;
  Field<std::string> hca_type;
  Field<std::string> pci_address;
  Field<std::vector<std::string>> netdevs;  // device/net/*
  Field<std::uint32_t> port_count;          // ports found; missing, with the cause, when ports/ cannot be listed
  std::vector<RdmaPort> ports;
  bool operator==(const RdmaDevice&) const = default;
};

// A note about collection as a whole (a source that was not available, a device that timed out).
struct CollectionNote {
  std::string subject;  // "verbs", "ens1f0np0", "mlx5_0"
  Availability availability = Availability::error;
  std::string message;
  bool operator==(const CollectionNote&) const = default;
};

struct Host {
  std::string hostname;
  std::string kernel_release;
  std::int64_t time_unix_ms = 0;  // wall clock of the sample
  std::int64_t monotonic_ns = 0;  // CLOCK_MONOTONIC of the sample, for rates; 0 if unknown
  Provenance from;                // "live" / "bundle:FILE" / "sim:FILE"
  std::vector<NetDev> netdevs;
  std::vector<RdmaDevice> rdma_devices;
  std::vector<CollectionNote> notes;
  bool mlnx_qos_seen = false;  // the capture holds MLNX_OFED mlnx_qos output: fixes are given in mlnx_qos
  Field<std::vector<std::string>> lldp_agents;  // host LLDP agents running: "lldpad (pid 812)"; [] none
  SharedBuffers shared_buffers;  // switchdev (mlxsw) devices' `devlink sb` pools, port quotas, TC bindings

  const NetDev* netdev(std::string_view name) const {
    for (const auto& n : netdevs)
      if (n.name == name) return &n;
    return nullptr;
  }
  bool operator==(const Host&) const = default;
};

}  // namespace roce::model
