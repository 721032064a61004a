// ethtool -a, ethtool <if> and ethtool -i: exact layouts of ethtool's ioctl and netlink printers.
#include <catch2/catch.hpp>

#include "captures/text/ethtool_driver.hpp"
#include "captures/text/ethtool_link.hpp"
#include "captures/text/ethtool_pause.hpp"
#include "sample.hpp"

namespace roce::test {

using namespace roce::captures::text;
using roce::model::Availability;

TEST_CASE("ethtool -a: global pause off, no statistics") {
  auto r =
      parse_ethtool_pause("Pause parameters for ens1f0np0:\nAutonegotiate:\toff\nRX:\t\toff\nTX:\t\toff\n\n", kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.ok());
  CHECK_FALSE(r->value->autoneg);
  CHECK_FALSE(r->value->rx);
  CHECK_FALSE(r->value->tx);
  CHECK_FALSE(r->value->tx_frames.has_value());
  CHECK(r->value.from == roce::model::Provenance{"sos", "sos_commands/test/file:1"});
}

TEST_CASE("ethtool -I -a: autoneg with negotiated lines and statistics") {
  const char* text =
      "Pause parameters for eth0:\n"
      "Autonegotiate:\ton\n"
      "RX:\t\ton\n"
      "TX:\t\ton\n"
      "RX negotiated: on\n"
      "TX negotiated: off\n"
      "Statistics:\n"
      "  tx_pause_frames: 1290418\n"
      "  rx_pause_frames: 41927\n";
  auto r = parse_ethtool_pause(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  CHECK(r->value->autoneg);
  CHECK(r->value->rx);
  CHECK(r->value->tx);
  CHECK(r->value->tx_frames == 1290418u);
  CHECK(r->value->rx_frames == 41927u);
}

TEST_CASE("ethtool -a: unsupported, truncated, garbled, not ethtool -a") {
  auto unsupported = parse_ethtool_pause("Cannot get device pause settings: Operation not supported\n", kOrigin);
  REQUIRE(unsupported.ok());
  CHECK(unsupported->value.availability == Availability::unsupported);
  CHECK(unsupported->value.cause ==
        "sos_commands/test/file:1: Cannot get device pause settings: Operation not supported");

  auto truncated = parse_ethtool_pause("Pause parameters for eth0:\nAutonegotiate:\toff\n", kOrigin);
  REQUIRE(truncated.ok());
  CHECK(truncated->value.availability == Availability::error);

  auto garbled =
      parse_ethtool_pause("Pause parameters for eth0:\nAutonegotiate:\toff\nRX:\t\tmaybe\nTX:\t\toff\n", kOrigin);
  REQUIRE(garbled.ok());
  CHECK(garbled->value.availability == Availability::error);
  CHECK(garbled->value.cause.find("sos_commands/test/file:3: unreadable RX 'maybe'") == 0);

  CHECK_FALSE(parse_ethtool_pause("", kOrigin).ok());
  CHECK_FALSE(parse_ethtool_pause("Settings for eth0:\n", kOrigin).ok());
}

TEST_CASE("ethtool <if>: 100G mlx5 with lanes, link lists and an unprivileged run") {
  const char* text =
      "Settings for ens1f0np0:\n"
      "\tSupported ports: [ Backplane ]\n"
      "\tSupported link modes:   1000baseKX/Full\n"
      "\t                        10000baseKR/Full\n"
      "\t                        100000baseCR4/Full\n"
      "\tSupported pause frame use: Symmetric\n"
      "\tSupports auto-negotiation: Yes\n"
      "\tSupported FEC modes: None\t RS\t BASER\n"
      "\tAdvertised link modes:  100000baseCR4/Full\n"
      "\tAdvertised pause frame use: Symmetric\n"
      "\tAdvertised auto-negotiation: Yes\n"
      "\tAdvertised FEC modes: RS\n"
      "\tSpeed: 100000Mb/s\n"
      "\tLanes: 4\n"
      "\tDuplex: Full\n"
      "\tAuto-negotiation: on\n"
      "\tPort: Direct Attach Copper\n"
      "\tPHYAD: 0\n"
      "\tTransceiver: internal\n"
      "Cannot get wake-on-lan settings: Operation not permitted\n"
      "        Current message level: 0x00000004 (4)\n"
      "                               link\n"
      "\tLink detected: yes\n";
  auto r = parse_ethtool_link(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.settings.ok());
  CHECK(r->value.settings->speed_mbps == 100000u);
  CHECK(r->value.settings->lanes == 4u);
  CHECK(r->value.settings->duplex == "full");
  CHECK(r->value.settings->autoneg);
  CHECK(*r->value.link_detected);
  CHECK(r->value.link_detected.from.locator == "sos_commands/test/file:23");
  using Speeds = std::optional<std::vector<std::uint32_t>>;
  CHECK(r->value.settings->supported_speeds_mbps == Speeds(std::vector<std::uint32_t>{1000, 10000, 100000}));
  CHECK(r->value.settings->advertised_speeds_mbps == Speeds(std::vector<std::uint32_t>{100000}));
  CHECK_FALSE(r->value.settings->peer_advertised_speeds_mbps.has_value());  // no partner line
}

// openwrt/openwrt pull request #21530 (airoha, `ethtool lan2`), the lines from Speed on completed
// in ethtool's layout: partner lists with two modes on a line, and continuation lines.
TEST_CASE("ethtool <if>: supported, advertised and link partner modes with continuation lines") {
  const char* text =
      "Settings for lan2:\n"
      "        Supported ports: [  ]\n"
      "        Supported link modes:   100baseT/Half 100baseT/Full\n"
      "                                1000baseT/Full\n"
      "                                10000baseT/Full\n"
      "                                2500baseT/Full\n"
      "                                5000baseT/Full\n"
      "        Supported pause frame use: Symmetric Receive-only\n"
      "        Supports auto-negotiation: Yes\n"
      "        Supported FEC modes: Not reported\n"
      "        Advertised link modes:  100baseT/Half 100baseT/Full\n"
      "                                1000baseT/Full\n"
      "                                10000baseT/Full\n"
      "                                2500baseT/Full\n"
      "                                5000baseT/Full\n"
      "        Advertised pause frame use: Symmetric Receive-only\n"
      "        Advertised auto-negotiation: Yes\n"
      "        Advertised FEC modes: Not reported\n"
      "        Link partner advertised link modes:  10baseT/Half 10baseT/Full\n"
      "                                             100baseT/Half 100baseT/Full\n"
      "                                             1000baseT/Full\n"
      "        Link partner advertised pause frame use: Symmetric Receive-only\n"
      "        Link partner advertised auto-negotiation: Yes\n"
      "        Link partner advertised FEC modes: Not reported\n"
      "        Speed: 1000Mb/s\n"
      "        Duplex: Full\n"
      "        Auto-negotiation: on\n"
      "        Link detected: yes\n";
  auto r = parse_ethtool_link(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.settings.ok());
  using Speeds = std::optional<std::vector<std::uint32_t>>;
  const Speeds ours(std::vector<std::uint32_t>{100, 1000, 2500, 5000, 10000});
  CHECK(r->value.settings->supported_speeds_mbps == ours);
  CHECK(r->value.settings->advertised_speeds_mbps == ours);
  CHECK(r->value.settings->peer_advertised_speeds_mbps == Speeds(std::vector<std::uint32_t>{10, 100, 1000}));
  CHECK(r->value.settings->speed_mbps == 1000u);
}

TEST_CASE("ethtool <if>: 'Not reported' link modes are not reported, not empty") {
  const char* text =
      "Settings for ens1f0np0:\n"
      "\tSupported ports: [ FIBRE ]\n"
      "\tSupported link modes:   Not reported\n"
      "\tSupported pause frame use: Symmetric\n"
      "\tSupports auto-negotiation: Yes\n"
      "\tSupported FEC modes: Not reported\n"
      "\tAdvertised link modes:  Not reported\n"
      "\tAdvertised pause frame use: No\n"
      "\tAdvertised auto-negotiation: Yes\n"
      "\tAdvertised FEC modes: Not reported\n"
      "\tLink partner advertised link modes:  Not reported\n"
      "\tSpeed: 400000Mb/s\n"
      "\tLanes: 4\n"
      "\tDuplex: Full\n"
      "\tAuto-negotiation: on\n"
      "\tLink detected: yes\n";
  auto r = parse_ethtool_link(text, kOrigin);
  REQUIRE(r.ok());
  REQUIRE(r->value.settings.ok());
  CHECK_FALSE(r->value.settings->supported_speeds_mbps.has_value());
  CHECK_FALSE(r->value.settings->advertised_speeds_mbps.has_value());
  CHECK_FALSE(r->value.settings->peer_advertised_speeds_mbps.has_value());
  CHECK(r->value.settings->speed_mbps == 400000u);
}

TEST_CASE("ethtool <if>: link down (Unknown! speed and duplex), truncated, not ethtool") {
  auto down = parse_ethtool_link(
      "Settings for eth1:\n\tSpeed: Unknown!\n\tDuplex: Unknown! (255)\n\tAuto-negotiation: off\n\tLink detected: no\n",
      kOrigin);
  REQUIRE(down.ok());
  REQUIRE(down->value.settings.ok());
  CHECK_FALSE(down->value.settings->speed_mbps.has_value());
  CHECK(down->value.settings->duplex == "unknown");
  CHECK_FALSE(down->value.settings->lanes.has_value());
  CHECK_FALSE(*down->value.link_detected);

  auto truncated = parse_ethtool_link("Settings for eth1:\n\tSpeed: 25000Mb/s\n", kOrigin);
  REQUIRE(truncated.ok());
  CHECK(truncated->value.settings.availability == Availability::error);
  CHECK(truncated->value.link_detected.availability == Availability::absent);

  auto garbled =
      parse_ethtool_link("Settings for eth1:\n\tSpeed: fast\n\tDuplex: Full\n\tAuto-negotiation: on\n", kOrigin);
  REQUIRE(garbled.ok());
  CHECK(garbled->value.settings.availability == Availability::error);
  CHECK(garbled->value.settings.cause.find("sos_commands/test/file:2") == 0);

  CHECK_FALSE(parse_ethtool_link("Pause parameters for eth0:\n", kOrigin).ok());
}

TEST_CASE("ethtool -i: mlx5 driver info") {
  const char* text =
      "driver: mlx5_core\n"
      "version: 5.15.0-91-generic\n"
      "firmware-version: 22.39.1002 (MT_0000000359)\n"
      "expansion-rom-version: \n"
      "bus-info: 0000:3b:00.0\n"
      "supports-statistics: yes\n"
      "supports-test: yes\n"
      "supports-eeprom-access: no\n"
      "supports-register-dump: no\n"
      "supports-priv-flags: yes";
  auto r = parse_ethtool_driver(text, kOrigin);
  REQUIRE(r.ok());
  CHECK(r->warnings.empty());
  REQUIRE(r->value.ok());
  CHECK(*r->value ==
        roce::model::DriverInfo{"mlx5_core", "5.15.0-91-generic", "22.39.1002 (MT_0000000359)", "0000:3b:00.0"});

  auto truncated = parse_ethtool_driver("driver: mlx5_core\nversion: 5.0-0\n", kOrigin);
  REQUIRE(truncated.ok());
  CHECK(truncated->value.availability == Availability::error);
  auto no_dev = parse_ethtool_driver("Cannot get driver information: No such device\n", kOrigin);
  REQUIRE(no_dev.ok());
  CHECK(no_dev->value.availability == Availability::absent);
  CHECK_FALSE(parse_ethtool_driver("version: 1\n", kOrigin).ok());
  CHECK_FALSE(parse_ethtool_driver("", kOrigin).ok());
}

}  // namespace roce::test
