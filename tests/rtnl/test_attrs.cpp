// The attribute walker and the kernel's NLMSG_ERROR / NLMSG_DONE with extended ACK.
#include <catch2/catch.hpp>

#include <cerrno>
#include <linux/dcbnl.h>
#include <linux/rtnetlink.h>

#include "nl_builder.hpp"
#include "sources/rtnl/attrs.hpp"
#include "sources/rtnl/netlink_error.hpp"

using namespace roce::sources::rtnl;
using roce::test::NlBuilder;

TEST_CASE("attrs: walks padded attributes and reports an overrun with its offset") {
  NlBuilder b(RTM_NEWLINK, 0);
  b.put_u8(1, 7).put_u32(2, 9000).put_string(3, "eth0");
  const auto msg = b.finish();
  const Bytes attrs = Bytes(msg).subspan(sizeof(nlmsghdr));
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

namespace {
// The request the kernel echoes: RTM_GETDCB DCB_CMD_IEEE_GET for veth0.
std::vector<std::uint8_t> dcb_request() {
  NlBuilder r(RTM_GETDCB, NLM_F_REQUEST | NLM_F_ACK, 5, 0);
  dcbmsg d{};
  d.cmd = DCB_CMD_IEEE_GET;
  return r.header(d).put_string(DCB_ATTR_IFNAME, "veth0").finish();
}
}  // namespace

TEST_CASE("netlink error: errno and extack after the echoed request (netlink_ack)") {
  const auto req = dcb_request();
  nlmsghdr echoed;
  std::memcpy(&echoed, req.data(), sizeof echoed);
  NlBuilder e(NLMSG_ERROR, NLM_F_ACK_TLVS, 5, 4242);
  const int err = -EOPNOTSUPP;
  e.raw(&err, sizeof err);
  e.raw(req.data(), req.size());  // whole request: not capped
  e.put_string(NLMSGERR_ATTR_MSG, "Device does not support DCB");
  e.put_u32(NLMSGERR_ATTR_OFFS, 20);
  auto status = decode_error_message(e.finish());
  REQUIRE(status.ok());
  CHECK(status->error == -EOPNOTSUPP);
  CHECK(status->extack == "Device does not support DCB");
  CHECK(status->bad_attr_offset == 20u);
  CHECK(describe(*status) == "Operation not supported (kernel: Device does not support DCB)");
}

TEST_CASE("netlink error: capped request, plain ACK, DONE with an error") {
  const auto req = dcb_request();
  NlBuilder capped(NLMSG_ERROR, NLM_F_ACK_TLVS | NLM_F_CAPPED);
  const int err = -EINVAL;
  capped.raw(&err, sizeof err).raw(req.data(), sizeof(nlmsghdr));
  capped.put_string(NLMSGERR_ATTR_MSG, "Attribute failed policy validation");
  auto s = decode_error_message(capped.finish());
  REQUIRE(s.ok());
  CHECK(s->extack == "Attribute failed policy validation");

  NlBuilder ack(NLMSG_ERROR, NLM_F_CAPPED);
  const int zero = 0;
  ack.raw(&zero, sizeof zero).raw(req.data(), sizeof(nlmsghdr));
  auto a = decode_error_message(ack.finish());
  REQUIRE(a.ok());
  CHECK(a->error == 0);
  CHECK(a->extack.empty());

  NlBuilder done(NLMSG_DONE, NLM_F_MULTI | NLM_F_ACK_TLVS);
  const int dump_err = -EMSGSIZE;
  done.raw(&dump_err, sizeof dump_err).put_string(NLMSGERR_ATTR_MSG, "too big");
  auto d = decode_done_message(done.finish());
  REQUIRE(d.ok());
  CHECK(d->error == -EMSGSIZE);
  CHECK(d->extack == "too big");

  // Garbled: the extack is dropped, the errno survives; a short message fails.
  auto bytes = capped.finish();
  bytes.resize(bytes.size() - 6);
  std::uint32_t len = static_cast<std::uint32_t>(bytes.size());
  std::memcpy(bytes.data(), &len, 4);
  auto g = decode_error_message(bytes);
  REQUIRE(g.ok());
  CHECK(g->error == -EINVAL);
  bytes.resize(18);
  len = 18;
  std::memcpy(bytes.data(), &len, 4);
  CHECK_FALSE(decode_error_message(bytes).ok());
}
