// The kernel's NLMSG_ERROR / NLMSG_DONE with extended ACK, decoded once for every bus.
#include <catch2/catch.hpp>

#include <linux/dcbnl.h>
#include <linux/ethtool_netlink.h>
#include <linux/rtnetlink.h>
#include <cerrno>

#include "sources/netlink/ack.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using namespace roce::sources::netlink;

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
  auto ack = decode_error_message(e.finish());
  REQUIRE(ack.ok());
  CHECK(ack->error == -EOPNOTSUPP);
  CHECK(ack->extack == "Device does not support DCB");
  CHECK(ack->bad_attr_offset == 20u);
  CHECK(describe(*ack) == "Operation not supported (kernel: Device does not support DCB)");
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

namespace {
// NLMSG_ERROR for a generic-netlink request (ETHTOOL_MSG_PAUSE_GET with ETHTOOL_FLAG_STATS), with
// NETLINK_CAP_ACK (capped) or the whole request echoed back.
std::vector<std::uint8_t> genl_error(int err, const std::string& extack, bool capped) {
  constexpr std::uint16_t kFamily = 21;
  const auto request = NlBuilder(kFamily, NLM_F_REQUEST | NLM_F_ACK, 77)
                           .genl(ETHTOOL_MSG_PAUSE_GET, ETHTOOL_GENL_VERSION)
                           .begin_nest(ETHTOOL_A_PAUSE_HEADER, true)
                           .put_string(ETHTOOL_A_HEADER_DEV_NAME, "veth0")
                           .put_u32(ETHTOOL_A_HEADER_FLAGS, ETHTOOL_FLAG_STATS)
                           .end_nest()
                           .finish();
  std::uint16_t flags = extack.empty() ? 0 : NLM_F_ACK_TLVS;
  if (capped) flags |= NLM_F_CAPPED;
  NlBuilder e(NLMSG_ERROR, flags, 77, 4242);
  const std::int32_t code = -err;
  e.raw(&code, sizeof code);
  e.raw(request.data(), capped ? sizeof(nlmsghdr) : request.size());
  if (!extack.empty()) e.put_string(NLMSGERR_ATTR_MSG, extack);
  return e.finish();
}
}  // namespace

TEST_CASE("netlink error: a generic-netlink error carries errno and the extack message") {
  for (bool capped : {true, false}) {
    INFO("capped " << capped);
    auto ack = decode_error_message(genl_error(EOPNOTSUPP, "unrecognized request flags", capped));
    REQUIRE(ack.ok());
    auto r = outcome(*ack);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().sys_errno == EOPNOTSUPP);
    CHECK(r.error().message == "Operation not supported (kernel: unrecognized request flags)");
  }
  auto plain = decode_error_message(genl_error(EPERM, "", true));
  REQUIRE(plain.ok());
  auto r = outcome(*plain);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().sys_errno == EPERM);
  CHECK(r.error().message == "Operation not permitted");

  // Error 0 is the ACK: no error at all.
  auto ack = decode_error_message(genl_error(0, "", true));
  REQUIRE(ack.ok());
  CHECK(outcome(*ack).ok());
}

TEST_CASE("netlink error: an error code that is no errno is refused, not passed on") {
  for (int code : {1, -4096, 0x7fffffff}) {
    INFO("code " << code);
    NlBuilder e(NLMSG_ERROR, NLM_F_CAPPED);
    nlmsghdr echoed{};
    e.raw(&code, sizeof code).raw(&echoed, sizeof echoed);
    auto ack = decode_error_message(e.finish());
    REQUIRE_FALSE(ack.ok());
    CHECK(ack.error().message == "NLMSG_ERROR: invalid error code " + std::to_string(code));

    NlBuilder d(NLMSG_DONE, NLM_F_MULTI);
    d.raw(&code, sizeof code);
    CHECK_FALSE(decode_done_message(d.finish()).ok());
  }
}

}  // namespace roce::test
