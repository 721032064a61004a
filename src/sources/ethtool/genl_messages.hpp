#pragma once
// Pure builders and decoders of the ethtool generic-netlink messages (linux/ethtool_netlink.h,
// formats.md §5.2), on the netlink floor (sources/netlink). Decoders take one message as the kernel
// sent it (nlmsghdr + genlmsghdr + attributes) and check every attribute they read; a bad
// attribute yields a message naming it ("ETHTOOL_A_PAUSE_TX: 4 bytes, expected 1"). The kernel's
// errors never reach them: the socket decodes those (netlink::Socket::transact).
#include <cstdint>
#include <string>

#include "model/host.hpp"
#include "sources/netlink/request.hpp"
#include "util/bytes.hpp"
#include "util/expected.hpp"

namespace roce::sources::ethtool {

/// An ethtool *_GET request whose header nest (attribute 1 in every ethtool message) names the
/// device and carries ETHTOOL_A_HEADER_FLAGS (ETHTOOL_FLAG_*; omitted when 0).
netlink::Request build_ethtool_get(std::uint16_t family, std::uint8_t cmd, const std::string& ifname,
                                   std::uint32_t flags);

Expected<model::LinkSettings> decode_linkmodes_reply(ByteView msg, std::uint16_t family);
Expected<model::PauseParams> decode_pause_reply(ByteView msg, std::uint16_t family);

}  // namespace roce::sources::ethtool
