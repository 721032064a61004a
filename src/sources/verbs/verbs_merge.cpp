// Pure part of the verbs reader: enum decoding and the merge into the host model.
#include <cstdio>

#include "sources/verbs/verbs.hpp"

namespace roce::sources::verbs {
namespace {

using model::Availability;
using model::Field;
using model::Provenance;

// Port state and physical state names as sysfs prints them ("4: ACTIVE", "5: LinkUp").
std::optional<std::string> port_state_name(int state) {
  static const char* const kNames[] = {"NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER"};
  if (state < 0 || state > 5) return std::nullopt;
  return kNames[state];
}

std::optional<std::string> phys_state_name(int state) {
  static const char* const kNames[] = {
      "<unknown>",         "Sleep",   "Polling", "Disabled", "PortConfigurationTraining", "LinkUp",
      "LinkErrorRecovery", "Phy Test"};
  if (state < 0 || state > 7) return std::nullopt;
  return kNames[state];
}

std::optional<std::string> link_layer_name(int link_layer) {
  if (link_layer == 1) return "InfiniBand";
  if (link_layer == 2) return "Ethernet";
  return std::nullopt;  // IBV_LINK_LAYER_UNSPECIFIED: old providers, means InfiniBand; do not guess
}

template <class T>
Field<T> decoded(std::optional<T> value, const std::string& what, int raw, const Provenance& from) {
  if (value) return Field<T>::of(std::move(*value), from);
  return Field<T>::missing(Availability::error, what + ": unknown value " + std::to_string(raw), from);
}

std::optional<model::PortState> port_state(std::optional<std::string> name, int code) {
  if (!name) return std::nullopt;
  return model::PortState{static_cast<std::uint32_t>(code), std::move(*name)};
}

model::RdmaDevice& find_or_add_device(model::Host& host, const std::string& name) {
  for (auto& dev : host.rdma_devices)
    if (dev.name == name) return dev;
  model::RdmaDevice dev;
  dev.name = name;
  const std::string why = "not read: sysfs did not list " + name + ", only verbs saw it";
  dev.node_type = dev.node_guid = dev.fw_ver = dev.board_id = dev.hca_type = dev.pci_address =
      Field<std::string>::missing(Availability::absent, why, {"verbs", name});
  dev.netdevs = Field<std::vector<std::string>>::missing(Availability::absent, why, {"verbs", name});
  host.rdma_devices.push_back(std::move(dev));
  return host.rdma_devices.back();
}

model::RdmaPort& find_or_add_port(model::RdmaDevice& dev, std::uint32_t number, bool& added) {
  added = false;
  for (auto& port : dev.ports)
    if (port.number == number) return port;
  model::RdmaPort port;
  port.number = number;
  dev.ports.push_back(std::move(port));
  added = true;
  return dev.ports.back();
}

std::vector<model::Gid> gids_from_verbs(const std::vector<GidEntry>& entries, const Provenance& from) {
  std::vector<model::Gid> gids;
  for (const auto& entry : entries) {
    model::Gid gid;
    gid.index = entry.index;
    gid.gid = format_gid(entry.gid);
    gid.type = decoded(gid_type_name(entry.type), "gid_type", static_cast<int>(entry.type), from);
    gid.netdev = entry.netdev.empty()
                     ? Field<std::string>::missing(Availability::absent, "no netdev for this GID", from)
                     : Field<std::string>::of(entry.netdev, from);
    gids.push_back(std::move(gid));
  }
  return gids;
}

// Fills only the GID types sysfs could not read, for entries verbs reports with the same index and
// the same GID (the table may have changed between the two reads).
void fill_missing_gid_types(std::vector<model::Gid>& gids, const std::vector<GidEntry>& entries,
                            const Provenance& from) {
  for (auto& gid : gids) {
    if (gid.type.ok()) continue;
    for (const auto& entry : entries) {
      if (entry.index != gid.index || format_gid(entry.gid) != gid.gid) continue;
      if (auto name = gid_type_name(entry.type)) gid.type = Field<std::string>::of(*name, from);
      break;
    }
  }
}

}  // namespace

std::optional<std::uint32_t> mtu_bytes(int ibv_mtu_enum) {
  if (ibv_mtu_enum < 1 || ibv_mtu_enum > 5) return std::nullopt;
  return 128u << ibv_mtu_enum;
}

std::string format_gid(const std::array<std::uint8_t, 16>& gid) {
  std::string text;
  for (std::size_t group = 0; group < 8; ++group) {
    char digits[8];
    std::snprintf(digits, sizeof digits, "%s%02x%02x", group ? ":" : "", gid[2 * group], gid[2 * group + 1]);
    text += digits;
  }
  return text;
}

std::optional<std::string> gid_type_name(std::uint32_t ibv_gid_type) {
  // The kernel prints IB and RoCE v1 GIDs alike in gid_attrs/types.
  if (ibv_gid_type == 0 || ibv_gid_type == 1) return "IB/RoCE v1";
  if (ibv_gid_type == 2) return "RoCE v2";
  return std::nullopt;
}

void merge_port_attrs(model::Host& host, const std::string& device, std::uint32_t number, const PortAttrs& attrs) {
  const std::string where = device + " port " + std::to_string(number);
  const Provenance from{"verbs", where + " ibv_query_port"};
  bool new_port = false;
  model::RdmaPort& port = find_or_add_port(find_or_add_device(host, device), number, new_port);

  port.active_mtu = decoded(mtu_bytes(attrs.active_mtu), "active_mtu", attrs.active_mtu, from);
  port.max_mtu = decoded(mtu_bytes(attrs.max_mtu), "max_mtu", attrs.max_mtu, from);

  if (!port.state.ok())
    port.state = decoded(port_state(port_state_name(attrs.state), attrs.state), "state", attrs.state, from);
  if (!port.phys_state.ok())
    port.phys_state =
        decoded(port_state(phys_state_name(attrs.phys_state), attrs.phys_state), "phys_state", attrs.phys_state, from);
  if (!port.link_layer.ok())
    port.link_layer = decoded(link_layer_name(attrs.link_layer), "link_layer", attrs.link_layer, from);
  if (new_port) {
    const std::string why = "not read: sysfs did not list " + where;
    port.rate = Field<std::string>::missing(Availability::absent, why, from);
    port.counters = Field<model::CounterSet>::missing(Availability::absent, why, from);
    port.hw_counters = port.counters;
  }

  const Provenance gid_from{"verbs", where + " ibv_query_gid_table"};
  if (!attrs.gids) {
    if (!port.gids.ok())
      port.gids = Field<std::vector<model::Gid>>::missing(Availability::error, attrs.gids_error, gid_from);
    return;
  }
  if (port.gids.ok())
    fill_missing_gid_types(*port.gids, *attrs.gids, gid_from);
  else
    port.gids = Field<std::vector<model::Gid>>::of(gids_from_verbs(*attrs.gids, gid_from), gid_from);
}

}  // namespace roce::sources::verbs
