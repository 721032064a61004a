// ip address in its three layouts (plain, -d details, -o one line per address) on real outputs.
#include <catch2/catch.hpp>

#include "captures/text/ip_address.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;

namespace {
using Addresses = std::vector<std::string>;
}

TEST_CASE("ip addr: every address of every link, as rtnetlink gives it (real, Soft-RoCE host)") {
  auto r = parse_ip_address(sample_part("ip_address_real.txt", 0), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 3);
  CHECK(r->value[0].name == "lo");
  CHECK(*r->value[0].addresses == Addresses{"127.0.0.1/8", "::1/128"});
  const auto& p1p1 = r->value[2];
  CHECK(p1p1.name == "p1p1");
  CHECK(*p1p1.ifindex == 3u);
  CHECK(*p1p1.addresses == Addresses{"192.168.56.102/24", "fe80::a00:27ff:fe36:f4fc/64"});
  CHECK(p1p1.addresses.from.locator == "sos_commands/test/file:15");
  CHECK(*r->value[1].addresses ==
        Addresses{"10.0.2.15/24", "fd00::a00:27ff:fec4:7d47/64", "fe80::a00:27ff:fec4:7d47/64"});
  // ip address fills no other field: ip link is their reader.
  CHECK_FALSE(p1p1.mtu.ok());
  CHECK_FALSE(p1p1.operstate.ok());
}

TEST_CASE("ip -d a: detail lines are skipped, the @peer suffix dropped (real)") {
  auto r = parse_ip_address(sample_part("ip_address_real.txt", 1), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 4);
  CHECK(r->value[1].name == "eth0");
  CHECK(*r->value[1].addresses == Addresses{"10.4.2.1/24"});
  CHECK(*r->value[3].addresses == Addresses{"192.168.127.2/30"});
}

TEST_CASE("ip -o addr: one line per address, a link line, the '\\' joins (real)") {
  auto r = parse_ip_address(sample_part("ip_address_real.txt", 2), kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.size() == 1);
  CHECK(r->value[0].name == "eth0");
  CHECK(*r->value[0].ifindex == 2u);
  CHECK(*r->value[0].addresses == Addresses{"10.0.2.15/24", "fe80::5054:ff:fe2a:864c/64"});
}

TEST_CASE("ip address: a link without addresses, a peer address, garbled lines, not ip address") {
  const char* text =
      "5: tun0: <POINTOPOINT,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UNKNOWN group default qlen 500\n"
      "    link/none \n"
      "    inet 172.17.0.6 peer 172.17.0.5/32 scope global tun0\n"
      "6: ens2: <BROADCAST,MULTICAST> mtu 1500 qdisc noop state DOWN group default qlen 1000\n"
      "    inet 10.0.0.300/24 scope global ens2\n"
      "garbage\n"
      "    inet6 FE80:0:0::1/64 scope link\n";
  auto r = parse_ip_address(text, kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->value.size() == 2);
  CHECK(*r->value[0].addresses == Addresses{"172.17.0.6/32"});
  CHECK(*r->value[1].addresses == Addresses{"fe80::1/64"});
  REQUIRE(r->warnings.size() == 2);
  CHECK(r->warnings[0].message ==
        "sos_commands/test/file:5: unreadable address 'inet 10.0.0.300/24 scope global ens2', skipped");
  CHECK(r->warnings[1].line == 6);

  CHECK_FALSE(parse_ip_address("", kOrigin).ok());
  auto link = parse_ip_address("link mlx5_0/1 state ACTIVE\n", kOrigin);
  REQUIRE_FALSE(link.ok());
  CHECK(link.error().message.find("sos_commands/test/file:1: not ip address output") == 0);
}

}  // namespace roce::test
