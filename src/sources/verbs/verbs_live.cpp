// The live part of the verbs reader: libibverbs calls, each failure a CollectionNote.
#include <infiniband/verbs.h>
#include <net/if.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "sources/verbs/verbs.hpp"

namespace roce::sources::verbs {
namespace {

using model::Availability;
using model::CollectionNote;

void note_errno(model::Host& host, const std::string& subject, const std::string& what, int err) {
  host.notes.push_back(CollectionNote{subject, model::availability_from_errno(err), what + ": " + std::strerror(err)});
}

struct CloseDevice {
  void operator()(ibv_context* context) const { ibv_close_device(context); }
};
struct FreeDeviceList {
  void operator()(ibv_device** list) const { ibv_free_device_list(list); }
};

GidEntry to_gid_entry(const ibv_gid_entry& raw) {
  GidEntry entry;
  entry.index = raw.gid_index;
  std::memcpy(entry.gid.data(), raw.gid.raw, entry.gid.size());
  entry.type = raw.gid_type;
  char name[IF_NAMESIZE] = {};
  if (raw.ndev_ifindex != 0 && if_indextoname(raw.ndev_ifindex, name)) entry.netdev = name;
  return entry;
}

// The valid GIDs of every port of one device, or the error text.
void read_gid_tables(model::Host& host, ibv_context* context, const std::string& device, std::vector<PortAttrs>& ports,
                     std::size_t table_size) {
  std::vector<ibv_gid_entry> raw(table_size);
  ssize_t count = ibv_query_gid_table(context, raw.data(), raw.size(), 0);
  if (count < 0) {
    const std::string error = device + ": ibv_query_gid_table: " + std::strerror(static_cast<int>(-count));
    for (auto& port : ports) port.gids_error = error;
    return note_errno(host, device, device + ": ibv_query_gid_table", static_cast<int>(-count));
  }
  for (auto& port : ports) port.gids.emplace();
  for (ssize_t i = 0; i < count; ++i) {
    const std::uint32_t number = raw[i].port_num;
    if (number >= 1 && number <= ports.size()) ports[number - 1].gids->push_back(to_gid_entry(raw[i]));
  }
}

void read_device(model::Host& host, ibv_device* device) {
  const std::string name = ibv_get_device_name(device);
  std::unique_ptr<ibv_context, CloseDevice> context(ibv_open_device(device));
  if (!context) return note_errno(host, name, name + ": ibv_open_device", errno);

  ibv_device_attr device_attr{};
  if (int err = ibv_query_device(context.get(), &device_attr))
    return note_errno(host, name, name + ": ibv_query_device", err);

  std::vector<PortAttrs> ports(device_attr.phys_port_cnt);
  std::vector<bool> queried(ports.size(), false);
  std::size_t table_size = 0;
  for (std::uint32_t number = 1; number <= ports.size(); ++number) {
    ibv_port_attr attr{};
    if (int err = ibv_query_port(context.get(), static_cast<std::uint8_t>(number), &attr)) {
      note_errno(host, name, name + " port " + std::to_string(number) + ": ibv_query_port", err);
      continue;
    }
    PortAttrs& port = ports[number - 1];
    port.state = attr.state;
    port.phys_state = attr.phys_state;
    port.max_mtu = attr.max_mtu;
    port.active_mtu = attr.active_mtu;
    port.link_layer = attr.link_layer;
    queried[number - 1] = true;
    if (attr.gid_tbl_len > 0) table_size += static_cast<std::size_t>(attr.gid_tbl_len);
  }
  read_gid_tables(host, context.get(), name, ports, table_size);
  for (std::uint32_t number = 1; number <= ports.size(); ++number)
    if (queried[number - 1]) merge_port_attrs(host, name, number, ports[number - 1]);
}

}  // namespace

void merge_verbs(model::Host& host) {
  int count = 0;
  errno = 0;
  std::unique_ptr<ibv_device*, FreeDeviceList> list(ibv_get_device_list(&count));
  if (!list) {
    const int err = errno;
    // ENOSYS: no RDMA support in the running kernel (no ib_uverbs): no devices, a normal answer.
    if (err == ENOSYS || err == 0) {
      host.notes.push_back(CollectionNote{"verbs", Availability::absent,
                                          std::string("no RDMA devices (ibv_get_device_list: ") +
                                              std::strerror(err == 0 ? ENOSYS : err) +
                                              "; is the ib_uverbs module loaded?)"});
      return;
    }
    return note_errno(host, "verbs", "ibv_get_device_list", err);
  }
  if (count == 0) {
    host.notes.push_back(
        CollectionNote{"verbs", Availability::absent, "no RDMA devices (ibv_get_device_list returned 0)"});
    return;
  }
  for (int i = 0; i < count; ++i) read_device(host, list.get()[i]);
}

}  // namespace roce::sources::verbs
