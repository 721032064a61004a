// The attribute and message walkers of the netlink floor, on byte-exact messages.
#include <catch2/catch.hpp>

#include <linux/dcbnl.h>
#include <linux/rtnetlink.h>

#include "sources/netlink/attrs.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using namespace roce::sources::netlink;
using roce::ByteView;

TEST_CASE("attrs: walks padded attributes and reports an overrun with its offset") {
  NlBuilder b(RTM_NEWLINK, 0);
  b.put_u8(1, 7).put_u32(2, 9000).put_string(3, "eth0");
  const auto msg = b.finish();
  const ByteView attrs = ByteView(msg).subspan(sizeof(nlmsghdr));
  const AttrList list = parse_attrs(attrs, "test");
  REQUIRE_FALSE(list.error);
  REQUIRE(list.attrs.size() == 3);
  CHECK(list.attrs[0].payload.size() == 1);
  CHECK(list.attrs[1].offset == 8);
  CHECK(read_scalar<std::uint32_t>(list.attrs[1].payload, "x").value() == 9000);
  CHECK(read_string(list.attrs[2].payload) == "eth0");

  std::vector<std::uint8_t> bad(attrs.begin(), attrs.end());
  const std::uint16_t big = 40;
  std::memcpy(&bad[8], &big, 2);
  const AttrList broken = parse_attrs(bad, "test");
  REQUIRE(broken.error);
  CHECK(*broken.error == "test: attribute 2 at offset 8: length 40 overruns the 20 bytes left");
  CHECK(broken.attrs.size() == 1);
}

TEST_CASE("attrs: scalar and struct sizes are checked") {
  const std::uint8_t two[2] = {1, 2};
  auto v = read_scalar<std::uint32_t>(two, "IFLA_MTU");
  REQUIRE_FALSE(v.ok());
  CHECK(v.error().message == "IFLA_MTU: 2 bytes, expected 4");
  auto s = read_struct<ieee_pfc>(two, "DCB_ATTR_IEEE_PFC");
  REQUIRE_FALSE(s.ok());
  CHECK(s.error().message == "DCB_ATTR_IEEE_PFC: 2 bytes, expected 136");
}

TEST_CASE("attrs: split_messages rejects a length that does not fit") {
  NlBuilder a(NLMSG_NOOP, 0), b(NLMSG_NOOP, 0);
  auto m1 = a.put_u32(1, 1).finish();
  auto m2 = b.finish();
  std::vector<std::uint8_t> buf = m1;
  buf.insert(buf.end(), m2.begin(), m2.end());
  auto ok = split_messages(buf);
  REQUIRE(ok.ok());
  CHECK(ok->size() == 2);
  buf.resize(buf.size() - 4);
  CHECK_FALSE(split_messages(buf).ok());
}

}  // namespace roce::test
