// Generic netlink: the genlmsghdr and the controller's family lookup, on byte-exact messages.
#include <catch2/catch.hpp>

#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "sources/netlink/genl.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using namespace roce::sources::netlink;

namespace {
constexpr std::uint32_t kSeq = 77, kPid = 4242;
}  // namespace

TEST_CASE("genl: the family request is CTRL_CMD_GETFAMILY for \"ethtool\", byte for byte") {
  const auto expected = NlBuilder(GENL_ID_CTRL, NLM_F_REQUEST, 0)
                            .genl(CTRL_CMD_GETFAMILY)
                            .put_string(CTRL_ATTR_FAMILY_NAME, "ethtool")
                            .finish();
  REQUIRE(expected.size() == 32);
  CHECK(to_vector(family_request("ethtool").bytes()) == expected);
}

TEST_CASE("genl: the family id comes from CTRL_ATTR_FAMILY_ID") {
  const auto reply = NlBuilder(GENL_ID_CTRL, 0, kSeq, kPid)
                         .genl(CTRL_CMD_NEWFAMILY, 2)
                         .put_string(CTRL_ATTR_FAMILY_NAME, "ethtool")
                         .put_u16(CTRL_ATTR_FAMILY_ID, 27)
                         .put_u32(CTRL_ATTR_VERSION, 1)
                         .put_u32(CTRL_ATTR_HDRSIZE, 0)
                         .put_u32(CTRL_ATTR_MAXATTR, 0)
                         .finish();
  auto id = decode_family_reply(reply);
  REQUIRE(id.ok());
  CHECK(*id == 27);

  const auto wrong =
      NlBuilder(GENL_ID_CTRL, 0, kSeq, kPid).genl(CTRL_CMD_NEWFAMILY).put_u32(CTRL_ATTR_FAMILY_ID, 27).finish();
  auto bad = decode_family_reply(wrong);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "CTRL_ATTR_FAMILY_ID: 4 bytes, expected 2");

  const auto none = NlBuilder(GENL_ID_CTRL, 0, kSeq, kPid).genl(CTRL_CMD_NEWFAMILY).finish();
  CHECK(decode_family_reply(none).error().message == "CTRL_ATTR_FAMILY_ID: missing from the reply");
}

TEST_CASE("genl: another command or family is refused, naming what came") {
  const auto other =
      NlBuilder(GENL_ID_CTRL, 0, kSeq, kPid).genl(CTRL_CMD_GETFAMILY).put_u16(CTRL_ATTR_FAMILY_ID, 27).finish();
  CHECK(decode_family_reply(other).error().message == "CTRL_CMD_NEWFAMILY: genetlink command 3, expected 1");
  const auto pause = NlBuilder(21, 0, kSeq, kPid).genl(ETHTOOL_MSG_PAUSE_GET_REPLY).finish();
  CHECK_FALSE(view_genl_message(pause, 22, ETHTOOL_MSG_PAUSE_GET_REPLY, "pause").ok());
  auto view = view_genl_message(pause, 21, ETHTOOL_MSG_PAUSE_GET_REPLY, "pause");
  REQUIRE(view.ok());
  CHECK(view->attrs.empty());
}

TEST_CASE("genl: a message length of 2^31 or more is a truncation, not a signed overflow") {
  // Found by fuzz_ethtool_genl in libmnl's signed check: nlmsg_len 0xff000040 in 17 bytes.
  const std::vector<std::uint8_t> bytes = {0x40, 0x00, 0x00, 0xff, 0x02, 0x00, 0x00, 0x03, 0x01,
                                           0x00, 0x00, 0x00, 0x34, 0x00, 0x00, 0x01, 0x00};
  auto r = decode_family_reply(bytes);
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error().message, Catch::Contains("nlmsg_len 4278190144 does not fit the 17 bytes received"));
}

}  // namespace roce::test
