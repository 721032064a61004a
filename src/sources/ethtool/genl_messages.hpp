#pragma once
// Pure builders and decoders of the ethtool generic-netlink messages (linux/ethtool_netlink.h,
// formats.md §5.2). Decoders take one datagram as the kernel sent it (nlmsghdr + genlmsghdr +
// attributes) and validate every attribute they read with libmnl; a bad attribute yields a
// message naming it ("ETHTOOL_A_PAUSE_STATS: attribute too short").
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "util/expected.hpp"

namespace roce::sources::ethtool {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;

// CTRL_CMD_GETFAMILY for the family named ETHTOOL_GENL_NAME ("ethtool").
Bytes build_family_request(std::uint32_t seq);
// An ethtool *_GET request whose header nest (attribute 1 in every ethtool message) names the
// device and carries ETHTOOL_A_HEADER_FLAGS (ETHTOOL_FLAG_*; omitted when 0).
Bytes build_ethtool_get(std::uint16_t family, std::uint8_t cmd, const std::string& ifname, std::uint32_t flags,
                        std::uint32_t seq);

// Every decoder turns an NLMSG_ERROR reply into an Error whose sys_errno is the kernel's errno
// and whose message carries the kernel's extack text (NLMSGERR_ATTR_MSG) when there is one.
Expected<std::uint16_t> decode_family_reply(ByteView datagram);  // CTRL_ATTR_FAMILY_ID
Expected<model::LinkSettings> decode_linkmodes_reply(ByteView datagram, std::uint16_t family);
Expected<model::PauseParams> decode_pause_reply(ByteView datagram, std::uint16_t family);

}  // namespace roce::sources::ethtool
