// ip -s [-s] link: the exact current layout (iproute2 print_stats64 widths) and the old fixed-width one.
#include <catch2/catch.hpp>

#include "captures/text/ip_link.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::Availability;

TEST_CASE("ip -s link: current layout with computed widths (synthesised from iproute2)") {
  const std::string all = sample("ip_s_link_layout_SYNTH.txt");
  const std::size_t second = all.find("    RX:", all.find("TX:"));
  auto r = parse_ip_link(all.substr(0, second), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  const auto& d = r->value[0];
  CHECK(d.name == "ens1f0np0");
  CHECK(*d.ifindex == 2u);
  CHECK(*d.mtu == 4200u);
  CHECK(*d.operstate == "up");
  CHECK(*d.mac == "b8:3f:d2:aa:bb:01");
  REQUIRE(d.stats.ok());
  CHECK(d.stats->rx_bytes == 2027206797u);
  CHECK(d.stats->rx_packets == 15005729u);
  CHECK(d.stats->rx_errors == 386u);
  CHECK(d.stats->multicast == 2110625u);
  CHECK(d.stats->tx_bytes == 865069388u);
  CHECK(d.stats->tx_packets == 7222595u);
  CHECK(d.stats.from.locator == "sos_commands/test/file:3");

  // The all-zero block (minimum widths) under a link line of a veth.
  auto z = parse_ip_link(
      "7: veth0@if6: <BROADCAST,MULTICAST> mtu 1500 qdisc noop state DOWN mode DEFAULT group default qlen 1000\n"
      "    link/ether 02:00:00:00:00:01 brd ff:ff:ff:ff:ff:ff link-netns t\n" +
          all.substr(second),
      kOrigin);
  REQUIRE(z.ok());
  CHECK(z->warnings.empty());
  CHECK(z->value.at(0).name == "veth0");
  CHECK(*z->value.at(0).operstate == "down");
  CHECK(*z->value.at(0).stats == roce::model::LinkStats64{});
}

TEST_CASE("ip -s -s link: old fixed-width layout, error rows, several links, -d details") {
  const char* text =
      "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT group default qlen 1000\n"
      "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00\n"
      "    RX: bytes  packets  errors  dropped overrun mcast   \n"
      "    1000       10       0       0       0       0      \n"
      "    TX: bytes  packets  errors  dropped carrier collsns \n"
      "    1000       10       0       0       0       0      \n"
      "2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc mq state UP mode DEFAULT group default qlen 1000\r\n"
      "    link/ether 52:54:00:12:34:56 brd ff:ff:ff:ff:ff:ff promiscuity 0 minmtu 68 maxmtu 9978\n"
      "    altname enp1s0\n"
      "    RX: bytes  packets  errors  dropped overrun mcast   \n"
      "    2027206797 15005729 386     0       0       2110625\n"
      "    RX errors: length   crc     frame   fifo    missed\n"
      "               0        12      0       0       7      \n"
      "    TX: bytes  packets  errors  dropped carrier collsns \n"
      "    865069388  7222595  0       0       3       0      \n"
      "    TX errors: aborted  fifo   window heartbeat transns\n"
      "               0        0       0       0       2\n";
  auto r = parse_ip_link(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 2);
  CHECK(*r->value[0].operstate == "unknown");
  CHECK(*r->value[0].mac == "00:00:00:00:00:00");
  const auto& e = r->value[1];
  CHECK(*e.ifindex == 2u);
  CHECK(*e.mtu == 1500u);
  REQUIRE(e.stats.ok());
  CHECK(e.stats->rx_errors == 386u);
  CHECK(e.stats->rx_crc_errors == 12u);
  CHECK(e.stats->rx_missed_errors == 7u);
  CHECK(e.stats->tx_carrier_errors == 3u);
  CHECK(e.stats.from.locator == "sos_commands/test/file:10");
}

TEST_CASE("ip link: without -s, human-readable numbers, a short row, not ip link") {
  auto plain = parse_ip_link(
      "3: ib0: <BROADCAST,MULTICAST> mtu 4092 qdisc noop state DOWN mode DEFAULT\n"
      "    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:0c:42:a1:03:00:5d:4d:b8 brd 00:ff:ff\n"
      "4: tun0: <POINTOPOINT,NOARP> mtu 1500 qdisc noop state DOWN\n"
      "    link/none \n",
      kOrigin);
  REQUIRE(plain.ok());
  CHECK(plain->value.at(0).stats.availability == Availability::absent);
  CHECK(plain->value.at(0).mac->size() == 59);
  CHECK(plain->value.at(1).mac.availability == Availability::absent);

  auto human = parse_ip_link(
      "2: eth0: <UP> mtu 1500 state UP\n    RX:  bytes packets errors dropped  missed   mcast\n"
      "         2.03G   15.0M    386       0       0   2.11M\n"
      "    TX:  bytes packets errors dropped carrier collsns\n          865M   7.22M      0       0       0       0\n",
      kOrigin);
  REQUIRE(human.ok());
  CHECK(human->value.at(0).stats.availability == Availability::error);
  CHECK(human->value.at(0).stats.cause.find("sos_commands/test/file:3: unreadable RX bytes value '2.03G'") == 0);

  auto short_row = parse_ip_link(
      "2: eth0: <UP> mtu 1500 state UP\n    RX: bytes packets\n    1 2 3\n    TX: bytes\n    5\n", kOrigin);
  REQUIRE(short_row.ok());
  CHECK(short_row->value.at(0).stats.availability == Availability::error);
  REQUIRE(short_row->warnings.size() == 1);
  CHECK(short_row->warnings[0].line == 3);

  CHECK_FALSE(parse_ip_link("", kOrigin).ok());
  auto bad = parse_ip_link("Device \"eth9\" does not exist.\n", kOrigin);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message.find("sos_commands/test/file:1: not ip link output") == 0);
}

TEST_CASE("ip -s -d link: an SR-IOV PF keeps its own statistics, not its VFs' (real)") {
  auto r = parse_ip_link(sample("ip_s_d_link_sriov_pf.txt"), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  const auto& pf = r->value[0];
  CHECK(pf.name == "ens2f0");
  REQUIRE(pf.stats.ok());
  CHECK(pf.stats->rx_bytes == 670348u);  // vf 0 .. vf 2 print 519160 / 505712 in the same columns
  CHECK(pf.stats->rx_packets == 9563u);
  CHECK(pf.stats->multicast == 3372u);
  CHECK(pf.stats->tx_bytes == 225778u);
  CHECK(pf.stats->tx_packets == 1382u);
  CHECK(pf.stats->rx_dropped == 0u);
  CHECK(pf.stats.from.locator == "sos_commands/test/file:3");
}

}  // namespace roce::test
