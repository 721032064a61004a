// The one request builder, byte for byte against the kernel's layout (support/nl_builder.hpp).
#include <catch2/catch.hpp>

#include <linux/dcbnl.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "sources/netlink/request.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using roce::sources::netlink::Request;

TEST_CASE("request: header, padded family header and attributes, nlmsg_len always current") {
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  Request req(RTM_SETLINK, 0, ifi);
  CHECK(to_vector(req.bytes()) == NlBuilder(RTM_SETLINK, NLM_F_REQUEST, 0).header(ifi).finish());
  req.put_string(IFLA_IFNAME, "eth0").put_u8(IFLA_OPERSTATE, 6).put_u32(IFLA_MTU, 9000);
  const auto expected = NlBuilder(RTM_SETLINK, NLM_F_REQUEST, 0)
                            .header(ifi)
                            .put_string(IFLA_IFNAME, "eth0")
                            .put_u8(IFLA_OPERSTATE, 6)
                            .put_u32(IFLA_MTU, 9000)
                            .finish();
  CHECK(to_vector(req.bytes()) == expected);
  CHECK(expected.size() == 16 + 16 + 12 + 8 + 8);  // "eth0\0" and the u8 padded to 4 bytes
  CHECK(req.type() == RTM_SETLINK);
  CHECK(req.flags() == NLM_F_REQUEST);
}

TEST_CASE("request: nests with and without NLA_F_NESTED, their lengths counting the padding") {
  dcbmsg d{};
  d.cmd = DCB_CMD_IEEE_SET;
  Request req(RTM_SETDCB, 0, d);
  req.put_string(DCB_ATTR_IFNAME, "eth0").begin_nest_noflag(DCB_ATTR_IEEE);
  req.begin_nest(DCB_ATTR_IEEE_APP_TABLE).put_u8(DCB_ATTR_IEEE_APP, 5).end_nest();
  req.put_u8(DCB_ATTR_IEEE_PFC, 1).end_nest();
  CHECK(to_vector(req.bytes()) == NlBuilder(RTM_SETDCB, NLM_F_REQUEST, 0)
                                      .header(d)
                                      .put_string(DCB_ATTR_IFNAME, "eth0")
                                      .begin_nest(DCB_ATTR_IEEE, false)
                                      .begin_nest(DCB_ATTR_IEEE_APP_TABLE, true)
                                      .put_u8(DCB_ATTR_IEEE_APP, 5)
                                      .end_nest()
                                      .put_u8(DCB_ATTR_IEEE_PFC, 1)
                                      .end_nest()
                                      .finish());
}

TEST_CASE("request: stamp sets the sequence number and adds flags, as the socket sends it") {
  tcmsg t{};
  Request req(RTM_GETQDISC, NLM_F_DUMP, t);
  req.stamp(42, 0);
  CHECK(to_vector(req.bytes()) == NlBuilder(RTM_GETQDISC, NLM_F_REQUEST | NLM_F_DUMP, 42).header(t).finish());
  Request get(RTM_GETQDISC, 0, t);
  get.stamp(7, NLM_F_ACK);
  CHECK(get.flags() == (NLM_F_REQUEST | NLM_F_ACK));
  CHECK(to_vector(get.bytes()) == NlBuilder(RTM_GETQDISC, NLM_F_REQUEST | NLM_F_ACK, 7).header(t).finish());
}

}  // namespace roce::test
