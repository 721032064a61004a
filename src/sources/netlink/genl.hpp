#pragma once
// Generic netlink (NETLINK_GENERIC): the genlmsghdr every message of every family carries, and the
// controller family (nlctrl) that turns a family's name ("ethtool") into the id its messages use.
#include <cstdint>
#include <string>
#include <string_view>

#include "sources/netlink/attrs.hpp"
#include "sources/netlink/request.hpp"
#include "sources/netlink/socket.hpp"

namespace roce::sources::netlink {

/// A request to `family` (its id): nlmsghdr, then genlmsghdr {cmd, version}.
Request genl_request(std::uint16_t family, std::uint8_t cmd, std::uint8_t version);

/// One generic-netlink message of `family` carrying `cmd`, checked like view_message; `attrs`
/// follows the genlmsghdr. `what` names the message in errors ("ETHTOOL_MSG_PAUSE_GET_REPLY").
Expected<MessageView> view_genl_message(ByteView msg, std::uint16_t family, std::uint8_t cmd, std::string_view what);

/// CTRL_CMD_GETFAMILY for the family named `name` (GENL_ID_CTRL, CTRL_ATTR_FAMILY_NAME).
Request family_request(const std::string& name);

/// The CTRL_CMD_NEWFAMILY reply -> CTRL_ATTR_FAMILY_ID.
Expected<std::uint16_t> decode_family_reply(ByteView msg);

/// Both over a NETLINK_GENERIC socket: the id of the family named `name`. A kernel without the
/// family answers ENOENT.
Expected<std::uint16_t> resolve_family(Socket& socket, const std::string& name);

}  // namespace roce::sources::netlink
