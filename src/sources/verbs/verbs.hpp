#pragma once
// libibverbs (rdma-core) reader: what only verbs knows about RDMA ports, merged into devices that
// the sysfs reader already listed. Pure merge (tested on hosts built in tests) apart from the
// live call merge_verbs().
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"

namespace roce::sources::verbs {

struct GidEntry {  // struct ibv_gid_entry, with the netdev name resolved
  std::uint32_t index = 0;
  std::array<std::uint8_t, 16> gid{};
  std::uint32_t type = 0;  // enum ibv_gid_type: IB 0, ROCE_V1 1, ROCE_V2 2
  std::string netdev;      // if_indextoname(ndev_ifindex), empty when none
  bool operator==(const GidEntry&) const = default;
};

// What ibv_query_port (and ibv_query_gid_table) gave for one port.
struct PortAttrs {
  int state = 0;                              // enum ibv_port_state: DOWN 1 .. ACTIVE 4
  int phys_state = 0;                         // 5 = LinkUp, as sysfs phys_state
  int max_mtu = 0;                            // enum ibv_mtu: 1 = 256 .. 5 = 4096
  int active_mtu = 0;                         // enum ibv_mtu
  int link_layer = 0;                         // IBV_LINK_LAYER_*: 0 unspecified, 1 InfiniBand, 2 Ethernet
  std::optional<std::vector<GidEntry>> gids;  // nullopt: not read, see gids_error
  std::string gids_error;
  bool operator==(const PortAttrs&) const = default;
};

// IBV_MTU_* enum -> bytes (1 -> 256 ... 5 -> 4096); nullopt for anything else.
std::optional<std::uint32_t> mtu_bytes(int ibv_mtu_enum);

// A GID as sysfs prints it: 8 groups of 4 lowercase hex digits, uncompressed.
std::string format_gid(const std::array<std::uint8_t, 16>& gid);

// ibv_gid_type -> the sysfs gid_attrs/types string ("IB/RoCE v1", "RoCE v2"); nullopt if unknown.
std::optional<std::string> gid_type_name(std::uint32_t ibv_gid_type);

// Adds what only verbs knows to host.rdma_devices (matched by device name and port number):
// active_mtu and max_mtu in bytes, GID types where sysfs lacked them, and, for a device or port
// sysfs did not list, the port state, physical state, link layer and GID table. Fields sysfs read
// are never overwritten.
void merge_port_attrs(model::Host& host, const std::string& device, std::uint32_t port, const PortAttrs& attrs);

// Adds what only verbs knows to devices read from sysfs (host.rdma_devices, matched by device
// name and port number): active_mtu and max_mtu in bytes (IBV_MTU_* enum -> 256..4096), and GID
// types when sysfs lacked them (ibv_query_gid_table, rdma-core 44). A device verbs sees that sysfs
// did not list is added with what verbs knows. No device is a normal answer: a CollectionNote
// {"verbs", absent, "no RDMA devices (...)"} and nothing else changes. Any failure is a note with
// the device name and errno text.
void merge_verbs(model::Host& host);

}  // namespace roce::sources::verbs
