// The ethtool genetlink requests and the decoders of their replies, on byte-exact messages built
// to the kernel UAPI.
#include <linux/ethtool.h>
#include <linux/ethtool_netlink.h>
#include <catch2/catch.hpp>

#include "sources/ethtool/genl_messages.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using namespace roce::sources::ethtool;

namespace {

constexpr std::uint16_t kFamily = 21;  // whatever id CTRL_CMD_GETFAMILY handed out
constexpr std::uint32_t kSeq = 77, kPid = 4242;

// ETHTOOL_MSG_PAUSE_GET_REPLY as net/ethtool/pause.c emits it with ETHTOOL_FLAG_STATS; the
// u64 counters follow ETHTOOL_A_PAUSE_STAT_PAD, as nla_put_u64_64bit() emits them.
std::vector<std::uint8_t> pause_reply(bool with_stats = true) {
  NlBuilder w(kFamily, 0, kSeq, kPid);
  w.genl(ETHTOOL_MSG_PAUSE_GET_REPLY)
      .begin_nest(ETHTOOL_A_PAUSE_HEADER, true)
      .put_u32(ETHTOOL_A_HEADER_DEV_INDEX, 4)
      .put_string(ETHTOOL_A_HEADER_DEV_NAME, "ens1f0np0")
      .end_nest()
      .put_u8(ETHTOOL_A_PAUSE_AUTONEG, 0)
      .put_u8(ETHTOOL_A_PAUSE_RX, 1)
      .put_u8(ETHTOOL_A_PAUSE_TX, 1);
  if (with_stats) {
    w.begin_nest(ETHTOOL_A_PAUSE_STATS, true)
        .put(ETHTOOL_A_PAUSE_STAT_PAD, nullptr, 0)
        .put_u64(ETHTOOL_A_PAUSE_STAT_TX_FRAMES, 1266552)
        .put(ETHTOOL_A_PAUSE_STAT_PAD, nullptr, 0)
        .put_u64(ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 0x1'0000'0007ULL)
        .end_nest();
  }
  return w.finish();
}

std::vector<std::uint8_t> linkmodes_reply(std::uint32_t speed, std::uint8_t duplex, bool lanes) {
  NlBuilder w(kFamily, 0, kSeq, kPid);
  const std::uint32_t bits[3] = {0x00000000, 0x00000000, 0x00000100};
  w.genl(ETHTOOL_MSG_LINKMODES_GET_REPLY)
      .begin_nest(ETHTOOL_A_LINKMODES_HEADER, true)
      .put_u32(ETHTOOL_A_HEADER_DEV_INDEX, 4)
      .put_string(ETHTOOL_A_HEADER_DEV_NAME, "ens1f0np0")
      .end_nest()
      .put_u8(ETHTOOL_A_LINKMODES_AUTONEG, AUTONEG_ENABLE)
      .begin_nest(ETHTOOL_A_LINKMODES_OURS, true)
      .put_u32(ETHTOOL_A_BITSET_SIZE, 92)
      .put(ETHTOOL_A_BITSET_VALUE, bits, sizeof bits)
      .put(ETHTOOL_A_BITSET_MASK, bits, sizeof bits)
      .end_nest()
      .put_u32(ETHTOOL_A_LINKMODES_SPEED, speed)
      .put_u8(ETHTOOL_A_LINKMODES_DUPLEX, duplex);
  if (lanes) w.put_u32(ETHTOOL_A_LINKMODES_LANES, 4);
  return w.finish();
}

// ETHTOOL_MSG_LINKMODES_GET_REPLY with ETHTOOL_FLAG_COMPACT_BITSETS as net/ethtool/linkmodes.c and
// bitset.c emit it: OURS with VALUE (advertising) and MASK (supported), PEER with NOMASK and VALUE.
std::vector<std::uint8_t> linkmodes_reply_with_peer(std::uint32_t value_bytes) {
  auto words = [](std::initializer_list<int> bits) {
    std::vector<std::uint32_t> w(3, 0);
    for (int b : bits) w[b / 32] |= 1u << (b % 32);
    return w;
  };
  const auto supported = words({ETHTOOL_LINK_MODE_25000baseCR_Full_BIT, ETHTOOL_LINK_MODE_100000baseCR4_Full_BIT,
                                ETHTOOL_LINK_MODE_200000baseCR4_Full_BIT, ETHTOOL_LINK_MODE_400000baseCR4_Full_BIT});
  const auto advertising = words({ETHTOOL_LINK_MODE_100000baseCR4_Full_BIT, ETHTOOL_LINK_MODE_200000baseCR4_Full_BIT,
                                  ETHTOOL_LINK_MODE_400000baseCR4_Full_BIT});
  const auto peer = words({ETHTOOL_LINK_MODE_100000baseCR4_Full_BIT, ETHTOOL_LINK_MODE_Autoneg_BIT});
  NlBuilder w(kFamily, 0, kSeq, kPid);
  w.genl(ETHTOOL_MSG_LINKMODES_GET_REPLY)
      .begin_nest(ETHTOOL_A_LINKMODES_HEADER, true)
      .put_u32(ETHTOOL_A_HEADER_DEV_INDEX, 4)
      .put_string(ETHTOOL_A_HEADER_DEV_NAME, "ens1f0np0")
      .end_nest()
      .put_u8(ETHTOOL_A_LINKMODES_AUTONEG, AUTONEG_ENABLE)
      .begin_nest(ETHTOOL_A_LINKMODES_OURS, true)
      .put_u32(ETHTOOL_A_BITSET_SIZE, 92)
      .put(ETHTOOL_A_BITSET_VALUE, advertising.data(), value_bytes)
      .put(ETHTOOL_A_BITSET_MASK, supported.data(), 12)
      .end_nest()
      .begin_nest(ETHTOOL_A_LINKMODES_PEER, true)
      .put(ETHTOOL_A_BITSET_NOMASK, nullptr, 0)
      .put_u32(ETHTOOL_A_BITSET_SIZE, 92)
      .put(ETHTOOL_A_BITSET_VALUE, peer.data(), 12)
      .end_nest()
      .put_u32(ETHTOOL_A_LINKMODES_SPEED, 100000)
      .put_u8(ETHTOOL_A_LINKMODES_DUPLEX, DUPLEX_FULL);
  return w.finish();
}

}  // namespace

TEST_CASE("an ethtool GET request carries the device name and flags in a header nest") {
  const auto expected = NlBuilder(kFamily, NLM_F_REQUEST, 0)
                            .genl(ETHTOOL_MSG_PAUSE_GET, ETHTOOL_GENL_VERSION)
                            .begin_nest(ETHTOOL_A_PAUSE_HEADER, true)
                            .put_string(ETHTOOL_A_HEADER_DEV_NAME, "ens1f0np0")
                            .put_u32(ETHTOOL_A_HEADER_FLAGS, ETHTOOL_FLAG_STATS)
                            .end_nest()
                            .finish();
  CHECK(to_vector(build_ethtool_get(kFamily, ETHTOOL_MSG_PAUSE_GET, "ens1f0np0", ETHTOOL_FLAG_STATS).bytes()) ==
        expected);

  const auto no_flags = NlBuilder(kFamily, NLM_F_REQUEST, 0)
                            .genl(ETHTOOL_MSG_LINKMODES_GET, ETHTOOL_GENL_VERSION)
                            .begin_nest(ETHTOOL_A_LINKMODES_HEADER, true)
                            .put_string(ETHTOOL_A_HEADER_DEV_NAME, "eth0")
                            .end_nest()
                            .finish();
  CHECK(to_vector(build_ethtool_get(kFamily, ETHTOOL_MSG_LINKMODES_GET, "eth0", 0).bytes()) == no_flags);
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
  auto empty_nest = NlBuilder(kFamily, 0, kSeq, kPid)
                        .genl(ETHTOOL_MSG_PAUSE_GET_REPLY)
                        .put_u8(ETHTOOL_A_PAUSE_AUTONEG, 1)
                        .put_u8(ETHTOOL_A_PAUSE_RX, 0)
                        .put_u8(ETHTOOL_A_PAUSE_TX, 0)
                        .begin_nest(ETHTOOL_A_PAUSE_STATS, true)
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
    NlBuilder w(kFamily, 0, kSeq, kPid);
    w.genl(ETHTOOL_MSG_PAUSE_GET_REPLY).put_u8(ETHTOOL_A_PAUSE_AUTONEG, 0).put_u8(ETHTOOL_A_PAUSE_RX, 0);
    return w;
  };

  // A nest too short to hold even one attribute header.
  const std::uint8_t one = 1;
  CHECK(message_of(head().put_u8(ETHTOOL_A_PAUSE_TX, 0).put(ETHTOOL_A_PAUSE_STATS, &one, 1).finish()) ==
        "ETHTOOL_A_PAUSE_STATS: 1 trailing bytes at offset 0, too short for an attribute header");
  const std::uint32_t four = 4;
  CHECK(message_of(head()
                       .put_u8(ETHTOOL_A_PAUSE_TX, 0)
                       .begin_nest(ETHTOOL_A_PAUSE_STATS, true)
                       .put(ETHTOOL_A_PAUSE_STAT_TX_FRAMES, &four, 4)
                       .end_nest()
                       .finish()) == "ETHTOOL_A_PAUSE_STATS: ETHTOOL_A_PAUSE_STAT_TX_FRAMES: 4 bytes, expected 8");
  CHECK(message_of(head().put_u32(ETHTOOL_A_PAUSE_TX, 1).finish()) == "ETHTOOL_A_PAUSE_TX: 4 bytes, expected 1");
  CHECK(message_of(head().finish()) == "ETHTOOL_A_PAUSE_TX: missing from the reply");

  // A nest whose inner attribute claims more bytes than the nest holds.
  auto bytes = head()
                   .put_u8(ETHTOOL_A_PAUSE_TX, 0)
                   .begin_nest(ETHTOOL_A_PAUSE_STATS, true)
                   .put_u64(ETHTOOL_A_PAUSE_STAT_RX_FRAMES, 1)
                   .end_nest()
                   .finish();
  bytes[bytes.size() - 12] = 16;  // the inner nla_len: 12 -> 16, past the end of the nest
  CHECK(message_of(bytes) ==
        "ETHTOOL_A_PAUSE_STATS: ETHTOOL_A_PAUSE_STAT_RX_FRAMES at offset 0: length 16 overruns the 12 bytes left");
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
  CHECK(decode_pause_reply(cut, kFamily).error().message == "ETHTOOL_MSG_PAUSE_GET_REPLY: nlmsg_len " +
                                                                std::to_string(full.size()) + " does not fit the " +
                                                                std::to_string(cut.size()) + " bytes received");
}

TEST_CASE("pause reply of another family or command is refused") {
  CHECK_FALSE(decode_pause_reply(pause_reply(), kFamily + 1).ok());
  CHECK(decode_linkmodes_reply(pause_reply(), kFamily).error().message ==
        "ETHTOOL_MSG_LINKMODES_GET_REPLY: genetlink command 22, expected " +
            std::to_string(ETHTOOL_MSG_LINKMODES_GET_REPLY));
}

TEST_CASE("the kernel's ACK is not a reply: it is refused, with no errno") {
  // The socket decodes the kernel's errors (netlink/ack_test.cpp); an ACK that came alone leaves
  // the decoder a message of the wrong type.
  nlmsghdr echoed{};
  const std::int32_t zero = 0;
  const auto ack = NlBuilder(NLMSG_ERROR, NLM_F_CAPPED, kSeq, kPid).raw(&zero, 4).raw(&echoed, sizeof echoed).finish();
  auto r = decode_pause_reply(ack, kFamily);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().sys_errno == 0);
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
  const auto reply = NlBuilder(kFamily, 0, kSeq, kPid)
                         .genl(ETHTOOL_MSG_LINKMODES_GET_REPLY)
                         .put_u8(ETHTOOL_A_LINKMODES_AUTONEG, 0)
                         .put_u8(ETHTOOL_A_LINKMODES_DUPLEX, DUPLEX_FULL)
                         .finish();
  auto link = decode_linkmodes_reply(reply, kFamily);
  REQUIRE_FALSE(link.ok());
  CHECK(link.error().message == "ETHTOOL_A_LINKMODES_SPEED: missing from the reply");
}

TEST_CASE("link modes reply: supported, advertised and partner speeds from compact bitsets") {
  using Speeds = std::optional<std::vector<std::uint32_t>>;
  auto link = decode_linkmodes_reply(linkmodes_reply_with_peer(12), kFamily);
  REQUIRE(link.ok());
  CHECK(link->supported_speeds_mbps == Speeds(std::vector<std::uint32_t>{25000, 100000, 200000, 400000}));
  CHECK(link->advertised_speeds_mbps == Speeds(std::vector<std::uint32_t>{100000, 200000, 400000}));
  CHECK(link->peer_advertised_speeds_mbps == Speeds(std::vector<std::uint32_t>{100000}));

  // The kernel leaves PEER out when the partner's bitmap is empty: not reported.
  auto no_peer = decode_linkmodes_reply(linkmodes_reply(100000, DUPLEX_FULL, true), kFamily);
  REQUIRE(no_peer.ok());
  CHECK_FALSE(no_peer->peer_advertised_speeds_mbps.has_value());
  CHECK(no_peer->advertised_speeds_mbps == Speeds(std::vector<std::uint32_t>{400000}));  // bit 72: 400000baseDR8_Full
}

TEST_CASE("link modes reply: a bitset of the wrong size or a verbose one is an error naming it") {
  auto short_value = decode_linkmodes_reply(linkmodes_reply_with_peer(8), kFamily);
  REQUIRE_FALSE(short_value.ok());
  CHECK(short_value.error().message ==
        "ETHTOOL_A_LINKMODES_OURS: ETHTOOL_A_BITSET_VALUE: 8 bytes, expected 12 for 92 bits");

  const auto verbose = NlBuilder(kFamily, 0, kSeq, kPid)
                           .genl(ETHTOOL_MSG_LINKMODES_GET_REPLY)
                           .put_u8(ETHTOOL_A_LINKMODES_AUTONEG, 0)
                           .begin_nest(ETHTOOL_A_LINKMODES_OURS, true)
                           .put_u32(ETHTOOL_A_BITSET_SIZE, 92)
                           .begin_nest(ETHTOOL_A_BITSET_BITS, true)
                           .end_nest()
                           .end_nest()
                           .put_u32(ETHTOOL_A_LINKMODES_SPEED, 100000)
                           .put_u8(ETHTOOL_A_LINKMODES_DUPLEX, DUPLEX_FULL)
                           .finish();
  auto r = decode_linkmodes_reply(verbose, kFamily);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().message ==
        "ETHTOOL_A_LINKMODES_OURS: ETHTOOL_A_BITSET_VALUE missing (a verbose bitset, not compact)");
}

}  // namespace roce::test
