#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

#include "sources/ethtool/link_decoders.hpp"

namespace roce::test {

using namespace roce::sources::ethtool;

TEST_CASE("speed: SPEED_UNKNOWN, 0 and the legacy 0xffff are unknown") {
  CHECK_FALSE(speed_mbps(0xffffffffu).has_value());
  CHECK_FALSE(speed_mbps(0).has_value());
  CHECK_FALSE(speed_mbps(0xffff).has_value());
  CHECK(speed_mbps(10000) == std::optional<std::uint32_t>(10000));
  CHECK(speed_mbps(400000) == std::optional<std::uint32_t>(400000));
}

TEST_CASE("ETHTOOL_GLINKSETTINGS struct decodes without lanes") {
  ethtool_link_settings s{};
  s.speed = 25000;
  s.duplex = DUPLEX_FULL;
  s.autoneg = AUTONEG_ENABLE;
  auto link = decode_link_settings(s);
  CHECK(link.speed_mbps == std::optional<std::uint32_t>(25000));
  CHECK(link.duplex == "full");
  CHECK(link.autoneg);
  CHECK_FALSE(link.lanes.has_value());
  s.speed = static_cast<std::uint32_t>(SPEED_UNKNOWN);
  s.duplex = DUPLEX_HALF;
  CHECK_FALSE(decode_link_settings(s).speed_mbps.has_value());
  CHECK(decode_link_settings(s).duplex == "half");
}

namespace {

// Sets link-mode bit `bit` in a bitmap of u32 words, as the kernel lays out ETHTOOL_GLINKSETTINGS.
void set_mode(std::uint32_t* words, int bit) { words[bit / 32] |= 1u << (bit % 32); }

using Speeds = std::optional<std::vector<std::uint32_t>>;

}  // namespace

TEST_CASE("ETHTOOL_GLINKSETTINGS bitmaps: supported, advertised and partner speeds") {
  // A ConnectX-7 port at 100G whose switch port advertises 100G and 400G: three words (the kernel's
  // link_mode_masks_nwords for 92+ modes), each bitmap after the other.
  ethtool_link_settings s{};
  s.speed = 100000;
  s.duplex = DUPLEX_FULL;
  s.autoneg = AUTONEG_ENABLE;
  s.link_mode_masks_nwords = 3;
  std::uint32_t masks[9] = {};
  for (std::uint32_t* bitmap : {masks, masks + 3}) {
    set_mode(bitmap, ETHTOOL_LINK_MODE_Autoneg_BIT);
    set_mode(bitmap, ETHTOOL_LINK_MODE_100000baseCR4_Full_BIT);
    set_mode(bitmap, ETHTOOL_LINK_MODE_100000baseSR4_Full_BIT);
    set_mode(bitmap, ETHTOOL_LINK_MODE_200000baseCR4_Full_BIT);
    set_mode(bitmap, ETHTOOL_LINK_MODE_400000baseCR4_Full_BIT);
  }
  set_mode(masks, ETHTOOL_LINK_MODE_25000baseCR_Full_BIT);  // supported, not advertised
  set_mode(masks + 6, ETHTOOL_LINK_MODE_100000baseCR4_Full_BIT);
  set_mode(masks + 6, ETHTOOL_LINK_MODE_400000baseCR4_Full_BIT);
  set_mode(masks + 6, ETHTOOL_LINK_MODE_FEC_RS_BIT);
  auto link = decode_link_settings(s, masks);
  CHECK(link.speed_mbps == std::optional<std::uint32_t>(100000));
  CHECK(link.supported_speeds_mbps == Speeds(std::vector<std::uint32_t>{25000, 100000, 200000, 400000}));
  CHECK(link.advertised_speeds_mbps == Speeds(std::vector<std::uint32_t>{100000, 200000, 400000}));
  CHECK(link.peer_advertised_speeds_mbps == Speeds(std::vector<std::uint32_t>{100000, 400000}));

  // No partner bits (autoneg off, or a driver that does not read the partner's page): not reported.
  std::fill(masks + 6, masks + 9, 0u);
  CHECK_FALSE(decode_link_settings(s, masks).peer_advertised_speeds_mbps.has_value());
  // Fewer words than three bitmaps: nothing reported.
  CHECK_FALSE(decode_link_settings(s, std::span<const std::uint32_t>(masks, 8)).supported_speeds_mbps.has_value());
  // The struct alone carries no modes.
  CHECK_FALSE(decode_link_settings(s).advertised_speeds_mbps.has_value());
}

TEST_CASE("link mode speeds: every speed bit of the UAPI, none of the others") {
  std::uint32_t words[4] = {};
  set_mode(words, ETHTOOL_LINK_MODE_10baseT_Half_BIT);
  set_mode(words, ETHTOOL_LINK_MODE_10baseT_Full_BIT);
  set_mode(words, ETHTOOL_LINK_MODE_TP_BIT);
  set_mode(words, ETHTOOL_LINK_MODE_Pause_BIT);
  set_mode(words, ETHTOOL_LINK_MODE_10000baseR_FEC_BIT);
  set_mode(words, ETHTOOL_LINK_MODE_400000baseCR8_Full_BIT);
  set_mode(words, ETHTOOL_LINK_MODE_200000baseCR2_Full_BIT);
  CHECK(link_mode_speeds(words) == std::vector<std::uint32_t>{10, 200000, 400000});
  CHECK(link_mode_speeds({}).empty());
}

TEST_CASE("driver info strings are bounded by their 32-byte fields") {
  ethtool_drvinfo info{};
  std::memcpy(info.driver, "mlx5_core", 9);
  std::memset(info.version, 'v', sizeof info.version);  // unterminated: all 32 bytes used
  std::memcpy(info.fw_version, "22.39.1002 (MT_0000000359)", 26);
  std::memcpy(info.bus_info, "0000:b1:00.0", 12);
  auto d = decode_drvinfo(info);
  CHECK(d.driver == "mlx5_core");
  CHECK(d.version == std::string(32, 'v'));
  CHECK(d.fw_version == "22.39.1002 (MT_0000000359)");
  CHECK(d.bus_info == "0000:b1:00.0");
}

TEST_CASE("pause parameters from the ioctl have no frame counts") {
  ethtool_pauseparam p{};
  p.autoneg = 0;
  p.rx_pause = 1;
  p.tx_pause = 0;
  auto pause = decode_pauseparam(p);
  CHECK(pause.rx);
  CHECK_FALSE(pause.tx);
  CHECK_FALSE(pause.tx_frames.has_value());
}

}  // namespace roce::test
