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

/// ETHTOOL_MSG_MODULE_EEPROM_GET (kernels since 5.13) for `length` bytes at `offset` of page 0,
/// bank 0, I2C address 0x50. The kernel refuses a read that crosses byte 128: ask each half alone.
netlink::Request build_module_eeprom_get(std::uint16_t family, const std::string& ifname, std::uint32_t offset,
                                         std::uint32_t length);
/// ETHTOOL_A_MODULE_EEPROM_DATA of a reply; fails unless it holds exactly `length` bytes.
Expected<ByteBuffer> decode_module_eeprom_reply(ByteView msg, std::uint16_t family, std::uint32_t length);

}  // namespace roce::sources::ethtool
