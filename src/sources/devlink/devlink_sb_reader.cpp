// The devlink shared-buffer reader: four dumps, joined per device, ports named by their netdev.
#include "sources/devlink/devlink_sb_reader.hpp"

#include <linux/devlink.h>

#include <chrono>
#include <map>

#include "sources/devlink/devlink_sb_messages.hpp"
#include "sources/netlink/genl.hpp"
#include "sources/netlink/socket.hpp"

namespace roce::sources::devlink {
namespace {

using model::Availability;
using model::SharedBuffers;

constexpr std::chrono::milliseconds kReplyTimeout{5000};
constexpr const char* kSource = "devlink";

SharedBuffers missing(const Error& e, const std::string& what) {
  std::string cause = "devlink " + what + ": " + e.message;
  if (!e.hint.empty()) cause += " (" + e.hint + ")";
  const Availability a = e.sys_errno ? model::availability_from_errno(e.sys_errno) : Availability::error;
  return SharedBuffers::missing(a, cause, {kSource, what});
}

// Every reply of one dump, decoded; the first message that does not decode fails the dump.
template <class T>
Expected<std::vector<Row<T>>> dump(netlink::Socket& socket, std::uint16_t family, std::uint8_t cmd,
                                   Expected<Row<T>> (*decode)(ByteView, std::uint16_t)) {
  auto request = build_dump(family, cmd);
  auto messages = socket.dump(request);
  if (!messages) return fail(std::move(messages.error()));
  std::vector<Row<T>> rows;
  for (const auto& m : *messages) {
    auto row = decode(ByteView(m), family);
    if (!row) return fail(std::move(row.error()));
    rows.push_back(std::move(*row));
  }
  return rows;
}

using PortNames = std::map<std::pair<std::string, std::uint32_t>, std::string>;

std::string port_name(const Handle& h, const PortNames& names) {
  const auto it = names.find(std::pair{h.device, h.port.value_or(0)});
  if (it != names.end() && !it->second.empty()) return it->second;
  return h.device + "/" + std::to_string(h.port.value_or(0));
}

}  // namespace

SharedBuffers read_shared_buffers() {
  auto socket = netlink::Socket::open(netlink::Bus::generic, kReplyTimeout);
  if (!socket) return missing(socket.error(), "socket");
  auto family = netlink::resolve_family(*socket, DEVLINK_GENL_NAME);
  if (!family) {
    if (family.error().sys_errno == ENOENT)
      return SharedBuffers::missing(Availability::unsupported, "devlink: the kernel has no devlink family",
                                    {kSource, "CTRL_CMD_GETFAMILY devlink"});
    return missing(family.error(), "CTRL_CMD_GETFAMILY");
  }
  auto pools = dump(*socket, *family, DEVLINK_CMD_SB_POOL_GET, decode_sb_pool);
  if (!pools) return missing(pools.error(), "DEVLINK_CMD_SB_POOL_GET");
  if (pools->empty())
    return SharedBuffers::missing(Availability::unsupported, "devlink: no device has a shared buffer (no sb pools)",
                                  {kSource, "DEVLINK_CMD_SB_POOL_GET"});
  auto ports = dump(*socket, *family, DEVLINK_CMD_PORT_GET, decode_port);
  if (!ports) return missing(ports.error(), "DEVLINK_CMD_PORT_GET");
  auto port_pools = dump(*socket, *family, DEVLINK_CMD_SB_PORT_POOL_GET, decode_sb_port_pool);
  if (!port_pools) return missing(port_pools.error(), "DEVLINK_CMD_SB_PORT_POOL_GET");
  auto binds = dump(*socket, *family, DEVLINK_CMD_SB_TC_POOL_BIND_GET, decode_sb_tc_bind);
  if (!binds) return missing(binds.error(), "DEVLINK_CMD_SB_TC_POOL_BIND_GET");

  PortNames names;
  for (const auto& p : *ports) names[std::pair{p.handle.device, p.handle.port.value_or(0)}] = p.value;
  std::map<std::string, model::DevlinkSb> devices;
  auto device = [&](const std::string& handle) -> model::DevlinkSb& {
    auto& d = devices[handle];
    d.device = handle;
    return d;
  };
  for (auto& row : *pools) {
    row.value.from = {
        kSource, row.handle.device + " sb " + std::to_string(row.value.sb) + " pool " + std::to_string(row.value.pool)};
    device(row.handle.device).pools.push_back(std::move(row.value));
  }
  for (auto& row : *port_pools) {
    row.value.port = port_name(row.handle, names);
    row.value.from = {
        kSource, row.value.port + " sb " + std::to_string(row.value.sb) + " pool " + std::to_string(row.value.pool)};
    device(row.handle.device).port_pools.push_back(std::move(row.value));
  }
  for (auto& row : *binds) {
    row.value.port = port_name(row.handle, names);
    row.value.from = {kSource, row.value.port + " sb " + std::to_string(row.value.sb) + " tc " +
                                   std::to_string(row.value.tc) + " " + row.value.type};
    device(row.handle.device).tc_binds.push_back(std::move(row.value));
  }
  std::vector<model::DevlinkSb> out;
  for (auto& [handle, d] : devices) out.push_back(std::move(d));
  return SharedBuffers::of(std::move(out), {kSource, "DEVLINK_CMD_SB_*_GET dumps"});
}

}  // namespace roce::sources::devlink
