#include <catch2/catch.hpp>

#include <cstring>

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
