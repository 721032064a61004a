// RTM_NEWLINK / RTM_NEWADDR messages built as net/core/rtnetlink.c rtnl_fill_ifinfo() and
// net/ipv4/devinet.c inet_fill_ifaddr() / net/ipv6/addrconf.c inet6_fill_ifaddr() emit them.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <linux/if.h>
#include <linux/if_addr.h>
#include <linux/if_arp.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "sources/rtnl/link_decoder.hpp"
#include "support/nl_builder.hpp"

namespace roce::test {

using namespace roce::sources::rtnl;
using roce::model::Availability;

namespace {

rtnl_link_stats64 stats64() {
  rtnl_link_stats64 s{};
  s.rx_packets = 15005729;
  s.tx_packets = 7222595;
  s.rx_bytes = 2027206797;
  s.tx_bytes = 865069388;
  s.rx_errors = 386;
  s.rx_dropped = 4;
  s.tx_dropped = 1;
  s.multicast = 2110625;
  s.rx_crc_errors = 380;
  s.rx_missed_errors = 6;
  s.tx_carrier_errors = 2;
  return s;
}

struct Options {
  bool stats64 = true;
  bool stats32 = true;
  bool address = true;
};

// The attributes in rtnl_fill_ifinfo() order (a representative subset of them).
std::vector<std::uint8_t> link_message(Options o = {}, std::size_t* last_attr_end = nullptr) {
  NlBuilder b(RTM_NEWLINK, NLM_F_MULTI, 9, 4242);
  ifinfomsg ifi{};
  ifi.ifi_family = AF_UNSPEC;
  ifi.ifi_type = ARPHRD_ETHER;
  ifi.ifi_index = 4;
  ifi.ifi_flags = IFF_UP | IFF_BROADCAST | IFF_RUNNING | IFF_MULTICAST | IFF_LOWER_UP;
  b.header(ifi);
  b.put_string(IFLA_IFNAME, "ens1f0np0");
  b.put_u32(IFLA_TXQLEN, 1000);
  b.put_u8(IFLA_OPERSTATE, IF_OPER_UP);
  b.put_u8(IFLA_LINKMODE, 0);
  b.put_u32(IFLA_MTU, 9000);
  b.put_u32(IFLA_MIN_MTU, 68);
  b.put_u32(IFLA_MAX_MTU, 9978);
  b.put_u32(IFLA_GROUP, 0);
  b.put_u32(IFLA_PROMISCUITY, 0);
  b.put_u32(IFLA_NUM_TX_QUEUES, 252);
  b.put_u32(IFLA_GSO_MAX_SEGS, 65535);
  b.put_u32(IFLA_GSO_MAX_SIZE, 65536);
  b.put_u32(IFLA_NUM_RX_QUEUES, 63);
  b.put_u8(IFLA_CARRIER, 1);
  b.put_string(IFLA_QDISC, "mq");
  b.put_u32(IFLA_CARRIER_CHANGES, 12);
  b.put_u8(IFLA_PROTO_DOWN, 0);
  b.put_u32(IFLA_CARRIER_UP_COUNT, 6);
  b.put_u32(IFLA_CARRIER_DOWN_COUNT, 6);
  rtnl_link_ifmap map{};
  b.put_struct(IFLA_MAP, map);
  const std::uint8_t mac[6] = {0xb8, 0xce, 0xf6, 0xaa, 0xbb, 0x01};
  const std::uint8_t bcast[6] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
  if (o.address) b.put(IFLA_ADDRESS, mac, 6).put(IFLA_BROADCAST, bcast, 6);
  if (o.stats64) b.put_struct(IFLA_STATS64, stats64());
  // Past here only IFLA_STATS (unused when IFLA_STATS64 is there) and unused attributes follow.
  if (last_attr_end) *last_attr_end = b.last_attr_end();
  if (o.stats32) {
    const auto s = stats64();
    rtnl_link_stats s32{};
    s32.rx_packets = static_cast<std::uint32_t>(s.rx_packets);
    s32.tx_packets = static_cast<std::uint32_t>(s.tx_packets);
    s32.rx_bytes = static_cast<std::uint32_t>(s.rx_bytes);
    s32.tx_bytes = static_cast<std::uint32_t>(s.tx_bytes);
    s32.rx_errors = static_cast<std::uint32_t>(s.rx_errors);
    s32.multicast = static_cast<std::uint32_t>(s.multicast);
    s32.rx_crc_errors = static_cast<std::uint32_t>(s.rx_crc_errors);
    b.put_struct(IFLA_STATS, s32);
  }
  b.put_u32(IFLA_NUM_VF, 0);  // later attributes the decoder does not use
  b.begin_nest(IFLA_XDP, true).put_u8(IFLA_XDP_ATTACHED, 0).end_nest();
  return b.finish();
}

}  // namespace

TEST_CASE("link: name, ifindex, mtu, operstate, mac, carrier changes, stats64") {
  auto nd = decode_link_message(link_message());
  REQUIRE(nd.ok());
  CHECK(nd->name == "ens1f0np0");
  CHECK(*nd->ifindex == 4);
  CHECK(*nd->mtu == 9000);
  CHECK(*nd->operstate == "up");
  CHECK(*nd->mac == "b8:ce:f6:aa:bb:01");
  CHECK(*nd->carrier_changes == 12);
  REQUIRE(nd->stats.ok());
  CHECK(nd->stats->rx_packets == 15005729);
  CHECK(nd->stats->tx_packets == 7222595);
  CHECK(nd->stats->rx_bytes == 2027206797);
  CHECK(nd->stats->tx_bytes == 865069388);
  CHECK(nd->stats->rx_errors == 386);
  CHECK(nd->stats->rx_dropped == 4);
  CHECK(nd->stats->tx_dropped == 1);
  CHECK(nd->stats->multicast == 2110625);
  CHECK(nd->stats->rx_crc_errors == 380);
  CHECK(nd->stats->rx_missed_errors == 6);
  CHECK(nd->stats->tx_carrier_errors == 2);
  CHECK(nd->stats.from.locator == "ens1f0np0 IFLA_STATS64");
  CHECK(nd->mtu.from.source == "rtnetlink");
}

TEST_CASE("link: IFLA_STATS when the kernel has no IFLA_STATS64") {
  Options o;
  o.stats64 = false;
  auto nd = decode_link_message(link_message(o));
  REQUIRE(nd.ok());
  REQUIRE(nd->stats.ok());
  CHECK(nd->stats->rx_packets == 15005729);
  CHECK(nd->stats->rx_crc_errors == 380);
  CHECK(nd->stats.from.locator == "ens1f0np0 IFLA_STATS");
}

TEST_CASE("link: a device without a link-layer address or stats says so") {
  Options o;
  o.stats64 = o.stats32 = o.address = false;
  auto nd = decode_link_message(link_message(o));
  REQUIRE(nd.ok());
  CHECK(nd->mac.availability == Availability::unsupported);
  CHECK(nd->stats.availability == Availability::unsupported);
  CHECK(nd->stats.cause == "kernel reported neither IFLA_STATS64 nor IFLA_STATS");
}

TEST_CASE("link: an older kernel's shorter stats64 is accepted, a too short one is an error") {
  NlBuilder b(RTM_NEWLINK, NLM_F_MULTI);
  ifinfomsg ifi{};
  ifi.ifi_index = 2;
  const auto s = stats64();
  b.header(ifi).put_string(IFLA_IFNAME, "eth0").put(IFLA_STATS64, &s, 23 * 8);
  auto nd = decode_link_message(b.finish());
  REQUIRE(nd.ok());
  REQUIRE(nd->stats.ok());
  CHECK(nd->stats->tx_carrier_errors == 2);

  NlBuilder c(RTM_NEWLINK, NLM_F_MULTI);
  c.header(ifi).put_string(IFLA_IFNAME, "eth0").put(IFLA_STATS64, &s, 64).put_u16(IFLA_MTU, 1500);
  auto bad = decode_link_message(c.finish());
  REQUIRE(bad.ok());
  CHECK(bad->stats.availability == Availability::error);
  CHECK(bad->stats.cause == "IFLA_STATS64: 64 bytes, expected at least 184");
  CHECK(bad->mtu.cause == "IFLA_MTU: 2 bytes, expected 4");
}

TEST_CASE("link: every truncation fails or loses something, never crashes") {
  std::size_t last = 0;
  const auto full = link_message({}, &last);
  auto whole = decode_link_message(full);
  REQUIRE(whole.ok());
  for (std::size_t n = 0; n < full.size(); ++n) {
    INFO("cut at " << n);
    std::vector<std::uint8_t> cut(full.begin(), full.begin() + static_cast<std::ptrdiff_t>(n));
    CHECK_FALSE(decode_link_message(cut).ok());
    auto nd = decode_link_message(roce::test::truncated_message(full, n));
    if (nd.ok() && n < last) CHECK_FALSE(*nd == *whole);
  }
}

namespace {
std::vector<std::uint8_t> addr_message(int family, std::uint8_t prefix, const char* text, std::uint32_t ifindex,
                                       bool local) {
  NlBuilder b(RTM_NEWADDR, NLM_F_MULTI);
  ifaddrmsg ifa{};
  ifa.ifa_family = static_cast<std::uint8_t>(family);
  ifa.ifa_prefixlen = prefix;
  ifa.ifa_scope = RT_SCOPE_UNIVERSE;
  ifa.ifa_index = ifindex;
  b.header(ifa);
  unsigned char raw[16];
  REQUIRE(inet_pton(family, text, raw) == 1);
  const std::size_t len = family == AF_INET ? 4 : 16;
  b.put(IFA_ADDRESS, raw, len);
  if (local) b.put(IFA_LOCAL, raw, len);
  if (family == AF_INET) b.put_string(IFA_LABEL, "ens1f0np0");
  b.put_u32(IFA_FLAGS, IFA_F_PERMANENT);
  return b.finish();
}
}  // namespace

TEST_CASE("address: IPv4 from IFA_LOCAL, IPv6 from IFA_ADDRESS") {
  auto v4 = decode_address_message(addr_message(AF_INET, 24, "172.19.0.60", 4, true));
  REQUIRE(v4.ok());
  REQUIRE(*v4);
  CHECK((*v4)->ifindex == 4);
  CHECK((*v4)->address == "172.19.0.60/24");
  auto v6 = decode_address_message(addr_message(AF_INET6, 64, "fe80::1", 4, false));
  REQUIRE(v6.ok());
  REQUIRE(*v6);
  CHECK((*v6)->address == "fe80::1/64");

  const auto full = addr_message(AF_INET, 24, "172.19.0.60", 4, true);
  for (std::size_t n = 0; n < full.size(); ++n) {
    auto r = decode_address_message(roce::test::truncated_message(full, n));
    if (r.ok() && *r) CHECK((*r)->address == "172.19.0.60/24");  // never a wrong address
  }
}

TEST_CASE("link: write fuzz seeds", "[.seeds]") {
  roce::test::write_seed("link", "stats64", link_message());
  roce::test::write_seed("link", "addr4", addr_message(AF_INET, 24, "172.19.0.60", 4, true));
  roce::test::write_seed("link", "addr6", addr_message(AF_INET6, 64, "fe80::1", 4, false));
}

TEST_CASE("address: a dump is placed by ifindex; a garbled message marks only its device") {
  std::vector<roce::model::NetDev> devs(3);
  devs[0].name = "ens1f0np0";
  devs[0].ifindex = roce::model::Field<std::uint32_t>::of(4);
  devs[1].name = "ens1f1np1";
  devs[1].ifindex = roce::model::Field<std::uint32_t>::of(5);
  devs[2].name = "lo";
  devs[2].ifindex = roce::model::Field<std::uint32_t>::of(1);

  NlBuilder bad(RTM_NEWADDR, NLM_F_MULTI);
  ifaddrmsg ifa{};
  ifa.ifa_family = AF_INET;
  ifa.ifa_prefixlen = 24;
  ifa.ifa_index = 5;
  const std::uint8_t three[3] = {10, 0, 0};
  bad.header(ifa).put(IFA_LOCAL, three, 3);
  const std::vector<std::vector<std::uint8_t>> dump = {addr_message(AF_INET, 24, "172.19.0.60", 4, true), bad.finish(),
                                                       addr_message(AF_INET6, 64, "fe80::1", 4, false)};
  assign_addresses(devs, dump);

  REQUIRE(devs[0].addresses.ok());
  CHECK(*devs[0].addresses == std::vector<std::string>{"172.19.0.60/24", "fe80::1/64"});
  CHECK(devs[1].addresses.availability == Availability::error);
  CHECK(devs[1].addresses.cause == "RTM_NEWADDR ifindex 5 IFA_LOCAL: 3 bytes, expected 4");
  REQUIRE(devs[2].addresses.ok());
  CHECK(devs[2].addresses->empty());
}

}  // namespace roce::test
