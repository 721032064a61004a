#include "sources/ethtool/link_decoders.hpp"

#include <cstring>

namespace roce::sources::ethtool {
namespace {

template <std::size_t N>
std::string bounded(const char (&field)[N]) {
  return std::string(field, strnlen(field, N));
}

}  // namespace

std::optional<std::uint32_t> speed_mbps(std::uint32_t raw) {
  if (raw == 0 || raw == 0xffff || raw == static_cast<std::uint32_t>(SPEED_UNKNOWN)) return std::nullopt;
  return raw;
}

std::string duplex_name(std::uint8_t raw) {
  switch (raw) {
    case DUPLEX_HALF: return "half";
    case DUPLEX_FULL: return "full";
    default: return "unknown";
  }
}

model::DriverInfo decode_drvinfo(const ethtool_drvinfo& info) {
  return {bounded(info.driver), bounded(info.version), bounded(info.fw_version), bounded(info.bus_info)};
}

model::LinkSettings decode_link_settings(const ethtool_link_settings& settings) {
  model::LinkSettings link;
  link.speed_mbps = speed_mbps(settings.speed);
  link.duplex = duplex_name(settings.duplex);
  link.autoneg = settings.autoneg == AUTONEG_ENABLE;
  return link;
}

model::PauseParams decode_pauseparam(const ethtool_pauseparam& pause) {
  model::PauseParams p;
  p.autoneg = pause.autoneg != 0;
  p.rx = pause.rx_pause != 0;
  p.tx = pause.tx_pause != 0;
  return p;
}

}  // namespace roce::sources::ethtool
