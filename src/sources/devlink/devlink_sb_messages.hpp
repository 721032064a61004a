#pragma once
// Pure builders and decoders of the devlink shared-buffer messages (linux/devlink.h): the dump
// requests of DEVLINK_CMD_SB_POOL_GET, SB_PORT_POOL_GET, SB_TC_POOL_BIND_GET and PORT_GET, and
// decoders of one reply each, which check every attribute they read and name it in errors
// ("DEVLINK_ATTR_SB_POOL_SIZE: 2 bytes, expected 4").
#include <cstdint>
#include <optional>
#include <string>

#include "model/shared_buffer.hpp"
#include "sources/netlink/request.hpp"
#include "util/bytes.hpp"
#include "util/expected.hpp"

namespace roce::sources::devlink {

/// A dump of `cmd` over every devlink device (NLM_F_DUMP, no attributes).
netlink::Request build_dump(std::uint16_t family, std::uint8_t cmd);

/// "pci/0000:03:00.0" of a reply: DEVLINK_ATTR_BUS_NAME "/" DEVLINK_ATTR_DEV_NAME.
struct Handle {
  std::string device;
  std::optional<std::uint32_t> port;  // DEVLINK_ATTR_PORT_INDEX, on port messages
};

template <class T>
struct Row {
  Handle handle;
  T value;
};

/// A DEVLINK_CMD_PORT_NEW reply (to PORT_GET): the port's netdev name, empty when it has none.
Expected<Row<std::string>> decode_port(ByteView msg, std::uint16_t family);
Expected<Row<model::SbPool>> decode_sb_pool(ByteView msg, std::uint16_t family);
/// The port is left empty: the reader names it from the PORT_GET dump.
Expected<Row<model::SbPortPool>> decode_sb_port_pool(ByteView msg, std::uint16_t family);
Expected<Row<model::SbTcBind>> decode_sb_tc_bind(ByteView msg, std::uint16_t family);

const char* pool_type_name(std::uint8_t type);       // "ingress", "egress"
const char* threshold_type_name(std::uint8_t type);  // "static", "dynamic"

}  // namespace roce::sources::devlink
