// Decoders of ethtool genetlink replies, on byte-exact messages built to the kernel UAPI.
#include <catch2/catch.hpp>
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>

#include <cerrno>

#include "nl_writer.hpp"
#include "sources/ethtool/genl_messages.hpp"

using namespace roce::sources::ethtool;
using roce::test::NlWriter;

namespace {

constexpr std::uint16_t kFamily = 21;  // whatever id CTRL_CMD_GETFAMILY handed out
constexpr std::uint32_t kSeq = 77, kPid = 4242;

// ETHTOOL_MSG_PAUSE_GET_REPLY as net/ethtool/pause.c emits it with ETHTOOL_FLAG_STATS; the
// u64 counters follow ETHTOOL_A_PAUSE_STAT_PAD, as nla_put_u64_64bit() emits them.
std::vector<std::uint8_t> pause_reply(bool with_stats = true) {
  NlWriter w(kFamily, 0, kSeq, kPid);
  w.genl(ETHTOOL_MSG_PAUSE_GET_REPLY)
      .begin_nest(ETHTOOL_A_PAUSE_HEADER)
      .u32(ETHTOOL_A_HEADER_DEV_INDEX, 4)
      .strz(ETHTOOL_A_HEADER_DEV_NAME, "ens1f0np0")
      .end_nest()
      .u8(ETHTOOL_A_PAUSE_AUTONEG, 0)
      .u8(ETHTOOL_A_PAUSE_RX, 1)
      .u8(ETHTOOL_A_PAUSE_TX, 1);
  if (with_stats) {
    w.begin_nest(ETHTOOL_A_PAUSE_STATS)
        .attr(ETHTOOL_A_PAUSE_STAT_PAD, nullptr, 0)
        .u64(ETHTOOL_A_PAUSE_STAT_TX_FRAMES, 1266552)
        .attr(ETHTOOL_A_PAUSE_STAT_PAD, nullptr, 0)
        .u64(ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 0x1'0000'0007ULL)
        .end_nest();
  }
  return w.finish();
}

std::vector<std::uint8_t> linkmodes_reply(std::uint32_t speed, std::uint8_t duplex, bool lanes) {
  NlWriter w(kFamily, 0, kSeq, kPid);
  const std::uint32_t bits[3] = {0x00000000, 0x00000000, 0x00000100};
  w.genl(ETHTOOL_MSG_LINKMODES_GET_REPLY)
      .begin_nest(ETHTOOL_A_LINKMODES_HEADER)
      .u32(ETHTOOL_A_HEADER_DEV_INDEX, 4)
      .strz(ETHTOOL_A_HEADER_DEV_NAME, "ens1f0np0")
      .end_nest()
      .u8(ETHTOOL_A_LINKMODES_AUTONEG, AUTONEG_ENABLE)
      .begin_nest(ETHTOOL_A_LINKMODES_OURS)
      .u32(ETHTOOL_A_BITSET_SIZE, 92)
      .attr(ETHTOOL_A_BITSET_VALUE, bits, sizeof bits)
      .attr(ETHTOOL_A_BITSET_MASK, bits, sizeof bits)
      .end_nest()
      .u32(ETHTOOL_A_LINKMODES_SPEED, speed)
      .u8(ETHTOOL_A_LINKMODES_DUPLEX, duplex);
  if (lanes) w.u32(ETHTOOL_A_LINKMODES_LANES, 4);
  return w.finish();
}

// NLMSG_ERROR for a request, with NETLINK_CAP_ACK (capped) or the whole request echoed back.
std::vector<std::uint8_t> error_reply(int err, const std::string& extack, bool capped) {
  const auto request = build_ethtool_get(kFamily, ETHTOOL_MSG_PAUSE_GET, "veth0", ETHTOOL_FLAG_STATS, kSeq);
  std::uint16_t flags = extack.empty() ? 0 : NLM_F_ACK_TLVS;
  if (capped) flags |= NLM_F_CAPPED;
  NlWriter w(NLMSG_ERROR, flags, kSeq, kPid);
  const std::int32_t code = -err;
  w.raw(&code, sizeof code);
  w.raw(request.data(), capped ? sizeof(nlmsghdr) : request.size());
  if (!extack.empty()) w.strz(NLMSGERR_ATTR_MSG, extack);
  return w.finish();
}

}  // namespace

TEST_CASE("the family request is CTRL_CMD_GETFAMILY for \"ethtool\", byte for byte") {
  const auto expected = NlWriter(GENL_ID_CTRL, NLM_F_REQUEST, 9, 0)
                            .genl(CTRL_CMD_GETFAMILY)
                            .strz(CTRL_ATTR_FAMILY_NAME, "ethtool")
                            .finish();
  REQUIRE(expected.size() == 32);
  CHECK(build_family_request(9) == expected);
}

TEST_CASE("an ethtool GET request carries the device name and flags in a header nest") {
  const auto expected = NlWriter(kFamily, NLM_F_REQUEST, 5, 0)
                            .genl(ETHTOOL_MSG_PAUSE_GET, ETHTOOL_GENL_VERSION)
                            .begin_nest(ETHTOOL_A_PAUSE_HEADER)
                            .strz(ETHTOOL_A_HEADER_DEV_NAME, "ens1f0np0")
                            .u32(ETHTOOL_A_HEADER_FLAGS, ETHTOOL_FLAG_STATS)
                            .end_nest()
                            .finish();
  CHECK(build_ethtool_get(kFamily, ETHTOOL_MSG_PAUSE_GET, "ens1f0np0", ETHTOOL_FLAG_STATS, 5) == expected);

  const auto no_flags = NlWriter(kFamily, NLM_F_REQUEST, 6, 0)
                            .genl(ETHTOOL_MSG_LINKMODES_GET, ETHTOOL_GENL_VERSION)
                            .begin_nest(ETHTOOL_A_LINKMODES_HEADER)
                            .strz(ETHTOOL_A_HEADER_DEV_NAME, "eth0")
                            .end_nest()
                            .finish();
  CHECK(build_ethtool_get(kFamily, ETHTOOL_MSG_LINKMODES_GET, "eth0", 0, 6) == no_flags);
}

TEST_CASE("the family id comes from CTRL_ATTR_FAMILY_ID") {
  const auto reply = NlWriter(GENL_ID_CTRL, 0, kSeq, kPid)
                         .genl(CTRL_CMD_NEWFAMILY, 2)
                         .strz(CTRL_ATTR_FAMILY_NAME, "ethtool")
                         .u16(CTRL_ATTR_FAMILY_ID, 27)
                         .u32(CTRL_ATTR_VERSION, 1)
                         .u32(CTRL_ATTR_HDRSIZE, 0)
                         .u32(CTRL_ATTR_MAXATTR, 0)
                         .finish();
  auto id = decode_family_reply(reply);
  REQUIRE(id.ok());
  CHECK(*id == 27);

  auto absent = decode_family_reply(error_reply(ENOENT, "", true));
  REQUIRE_FALSE(absent.ok());
  CHECK(absent.error().sys_errno == ENOENT);

  const auto wrong = NlWriter(GENL_ID_CTRL, 0, kSeq, kPid).genl(CTRL_CMD_NEWFAMILY).u32(CTRL_ATTR_FAMILY_ID, 27).finish();
  auto bad = decode_family_reply(wrong);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "CTRL_ATTR_FAMILY_ID: attribute too long (4 bytes, expected 2)");
}

TEST_CASE("pause reply: parameters and the 802.3x pause frame counters") {
  auto pause = decode_pause_reply(pause_reply(), kFamily);
  REQUIRE(pause.ok());
  CHECK_FALSE(pause->autoneg);
  CHECK(pause->rx);
  CHECK(pause->tx);
  CHECK(pause->tx_frames == std::optional<std::uint64_t>(1266552));
  CHECK(pause->rx_frames == std::optional<std::uint64_t>(0x1'0000'0007ULL));
}

TEST_CASE("pause reply without statistics leaves the frame counts unknown, not zero") {
  auto pause = decode_pause_reply(pause_reply(false), kFamily);
  REQUIRE(pause.ok());
  CHECK(pause->rx);
  CHECK_FALSE(pause->tx_frames.has_value());
  CHECK_FALSE(pause->rx_frames.has_value());

  // A driver without get_pause_stats: the kernel still opens the nest, with nothing in it.
  auto empty_nest = NlWriter(kFamily, 0, kSeq, kPid)
                        .genl(ETHTOOL_MSG_PAUSE_GET_REPLY)
                        .u8(ETHTOOL_A_PAUSE_AUTONEG, 1)
                        .u8(ETHTOOL_A_PAUSE_RX, 0)
                        .u8(ETHTOOL_A_PAUSE_TX, 0)
                        .begin_nest(ETHTOOL_A_PAUSE_STATS)
                        .end_nest()
                        .finish();
  auto p = decode_pause_reply(empty_nest, kFamily);
  REQUIRE(p.ok());
  CHECK(p->autoneg);
  CHECK_FALSE(p->tx_frames.has_value());
}

TEST_CASE("pause reply: bad attributes are named") {
  auto message_of = [](const std::vector<std::uint8_t>& bytes) {
    auto r = decode_pause_reply(bytes, kFamily);
    REQUIRE_FALSE(r.ok());
    return r.error().message;
  };
  auto head = [] {
    NlWriter w(kFamily, 0, kSeq, kPid);
    w.genl(ETHTOOL_MSG_PAUSE_GET_REPLY).u8(ETHTOOL_A_PAUSE_AUTONEG, 0).u8(ETHTOOL_A_PAUSE_RX, 0);
    return w;
  };

  const std::uint8_t one = 1;
  CHECK_THAT(message_of(head().u8(ETHTOOL_A_PAUSE_TX, 0).attr(ETHTOOL_A_PAUSE_STATS, &one, 1).finish()),
             Catch::StartsWith("ETHTOOL_A_PAUSE_STATS: attribute too short"));
  const std::uint32_t four = 4;
  CHECK(message_of(head()
                       .u8(ETHTOOL_A_PAUSE_TX, 0)
                       .begin_nest(ETHTOOL_A_PAUSE_STATS)
                       .attr(ETHTOOL_A_PAUSE_STAT_TX_FRAMES, &four, 4)
                       .end_nest()
                       .finish()) ==
        "ETHTOOL_A_PAUSE_STATS: ETHTOOL_A_PAUSE_STAT_TX_FRAMES: attribute too short (4 bytes, expected 8)");
  CHECK(message_of(head().u32(ETHTOOL_A_PAUSE_TX, 1).finish()) ==
        "ETHTOOL_A_PAUSE_TX: attribute too long (4 bytes, expected 1)");
  CHECK(message_of(head().finish()) == "ETHTOOL_A_PAUSE_TX: missing from the reply");

  // A nest whose inner attribute claims more bytes than the nest holds.
  auto bytes = head().u8(ETHTOOL_A_PAUSE_TX, 0).begin_nest(ETHTOOL_A_PAUSE_STATS).u64(ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 1).end_nest().finish();
  bytes[bytes.size() - 12] = 16;  // the inner nla_len: 12 -> 16, past the end of the nest
  CHECK_THAT(message_of(bytes), Catch::StartsWith("ETHTOOL_A_PAUSE_STATS: ETHTOOL_A_PAUSE_STAT_RX_FRAMES: attribute truncated"));
}

TEST_CASE("pause reply: every truncation is rejected, never read past") {
  const auto full = pause_reply();
  for (std::size_t len = 0; len < full.size(); ++len) {
    std::vector<std::uint8_t> cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(len));
    INFO("length " << len);
    CHECK_FALSE(decode_pause_reply(cut, kFamily).ok());
  }
  // The datagram is shorter than the message's nlmsg_len: a named truncation.
  std::vector<std::uint8_t> cut(full.begin(), full.end() - 4);
  CHECK_THAT(decode_pause_reply(cut, kFamily).error().message, Catch::StartsWith("netlink reply truncated"));
}

TEST_CASE("a message length of 2^31 or more is a truncation (libmnl's signed check misses it)") {
  // Found by fuzz_ethtool_genl: nlmsg_len 0xff000040 in a 17-byte NLMSG_ERROR datagram.
  const std::vector<std::uint8_t> bytes = {0x40, 0x00, 0x00, 0xff, 0x02, 0x00, 0x00, 0x03, 0x01,
                                           0x00, 0x00, 0x00, 0x34, 0x00, 0x00, 0x01, 0x00};
  auto r = decode_family_reply(bytes);
  REQUIRE_FALSE(r.ok());
  CHECK_THAT(r.error().message, Catch::StartsWith("netlink reply truncated (nlmsg_len 4278190144"));
}

TEST_CASE("pause reply of another family or command is refused") {
  CHECK_FALSE(decode_pause_reply(pause_reply(), kFamily + 1).ok());
  CHECK_THAT(decode_linkmodes_reply(pause_reply(), kFamily).error().message,
             Catch::Contains("unexpected genetlink command 22"));
}

TEST_CASE("kernel errors carry errno and the extack message") {
  for (bool capped : {true, false}) {
    INFO("capped " << capped);
    auto r = decode_pause_reply(error_reply(EOPNOTSUPP, "unrecognized request flags", capped), kFamily);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().sys_errno == EOPNOTSUPP);
    CHECK(r.error().message == "Operation not supported (kernel: unrecognized request flags)");
  }
  auto plain = decode_pause_reply(error_reply(EPERM, "", true), kFamily);
  REQUIRE_FALSE(plain.ok());
  CHECK(plain.error().sys_errno == EPERM);
  CHECK(plain.error().message == "Operation not permitted");

  auto ack = decode_pause_reply(error_reply(0, "", true), kFamily);
  REQUIRE_FALSE(ack.ok());
  CHECK(ack.error().sys_errno == 0);
}

TEST_CASE("link modes reply: speed, duplex, autoneg, lanes") {
  auto link = decode_linkmodes_reply(linkmodes_reply(100000, DUPLEX_FULL, true), kFamily);
  REQUIRE(link.ok());
  CHECK(link->speed_mbps == std::optional<std::uint32_t>(100000));
  CHECK(link->duplex == "full");
  CHECK(link->autoneg);
  CHECK(link->lanes == std::optional<std::uint32_t>(4));
}

TEST_CASE("link modes reply: SPEED_UNKNOWN is no speed at all") {
  auto link = decode_linkmodes_reply(linkmodes_reply(static_cast<std::uint32_t>(SPEED_UNKNOWN), DUPLEX_UNKNOWN, false),
                                     kFamily);
  REQUIRE(link.ok());
  CHECK_FALSE(link->speed_mbps.has_value());
  CHECK(link->duplex == "unknown");
  CHECK_FALSE(link->lanes.has_value());
}

TEST_CASE("link modes reply: a missing speed is an error, not zero") {
  const auto reply = NlWriter(kFamily, 0, kSeq, kPid)
                         .genl(ETHTOOL_MSG_LINKMODES_GET_REPLY)
                         .u8(ETHTOOL_A_LINKMODES_AUTONEG, 0)
                         .u8(ETHTOOL_A_LINKMODES_DUPLEX, DUPLEX_FULL)
                         .finish();
  auto link = decode_linkmodes_reply(reply, kFamily);
  REQUIRE_FALSE(link.ok());
  CHECK(link.error().message == "ETHTOOL_A_LINKMODES_SPEED: missing from the reply");
}
