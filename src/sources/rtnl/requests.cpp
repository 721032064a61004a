// The rtnetlink reader's requests.
#include "sources/rtnl/requests.hpp"

#include <linux/if_addr.h>
#include <sys/socket.h>

#include "sources/netlink/uapi.hpp"

namespace roce::sources::rtnl {

netlink::Request dcb_get_request(const std::string& ifname, std::uint8_t cmd) {
  dcbmsg d{};
  d.dcb_family = AF_UNSPEC;
  d.cmd = cmd;
  netlink::Request req(RTM_GETDCB, 0, d);
  req.put_string(DCB_ATTR_IFNAME, ifname);
  return req;
}

netlink::Request link_dump_request() {
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  return netlink::Request(RTM_GETLINK, NLM_F_DUMP, ifi);
}

netlink::Request address_dump_request() {
  ifaddrmsg ifa{};
  ifa.ifa_family = AF_UNSPEC;
  return netlink::Request(RTM_GETADDR, NLM_F_DUMP, ifa);
}

netlink::Request qdisc_dump_request() {
  tcmsg t{};
  t.tcm_family = AF_UNSPEC;
  return netlink::Request(RTM_GETQDISC, NLM_F_DUMP, t);
}

}  // namespace roce::sources::rtnl
