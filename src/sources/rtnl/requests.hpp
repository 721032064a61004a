#pragma once
// The requests the rtnetlink reader sends; the writer reads objects back with the same ones.
#include <cstdint>
#include <string>

#include "sources/netlink/request.hpp"

namespace roce::sources::rtnl {

/// RTM_GETDCB {dcbmsg cmd, DCB_ATTR_IFNAME}: DCB_CMD_IEEE_GET, DCB_CMD_GDCBX.
netlink::Request dcb_get_request(const std::string& ifname, std::uint8_t cmd);

/// Dumps of every link (RTM_GETLINK), address (RTM_GETADDR) and qdisc (RTM_GETQDISC), of every
/// family (AF_UNSPEC); the caller picks its devices out.
netlink::Request link_dump_request();
netlink::Request address_dump_request();
netlink::Request qdisc_dump_request();

}  // namespace roce::sources::rtnl
