#include "sources/ethtool/link_decoders.hpp"

#include <algorithm>
#include <cstring>

namespace roce::sources::ethtool {
namespace {

template <std::size_t N>
std::string bounded(const char (&field)[N]) {
  return std::string(field, strnlen(field, N));
}

struct ModeSpeed {
  int bit;  // ETHTOOL_LINK_MODE_*_BIT
  std::uint32_t mbps;
};

// Every link mode of <linux/ethtool.h> that names a speed (not the port, pause and FEC bits).
constexpr ModeSpeed kModeSpeeds[] = {
    {ETHTOOL_LINK_MODE_10baseT_Half_BIT, 10},
    {ETHTOOL_LINK_MODE_10baseT_Full_BIT, 10},
    {ETHTOOL_LINK_MODE_100baseT_Half_BIT, 100},
    {ETHTOOL_LINK_MODE_100baseT_Full_BIT, 100},
    {ETHTOOL_LINK_MODE_1000baseT_Half_BIT, 1000},
    {ETHTOOL_LINK_MODE_1000baseT_Full_BIT, 1000},
    {ETHTOOL_LINK_MODE_10000baseT_Full_BIT, 10000},
    {ETHTOOL_LINK_MODE_2500baseX_Full_BIT, 2500},
    {ETHTOOL_LINK_MODE_1000baseKX_Full_BIT, 1000},
    {ETHTOOL_LINK_MODE_10000baseKX4_Full_BIT, 10000},
    {ETHTOOL_LINK_MODE_10000baseKR_Full_BIT, 10000},
    {ETHTOOL_LINK_MODE_20000baseMLD2_Full_BIT, 20000},
    {ETHTOOL_LINK_MODE_20000baseKR2_Full_BIT, 20000},
    {ETHTOOL_LINK_MODE_40000baseKR4_Full_BIT, 40000},
    {ETHTOOL_LINK_MODE_40000baseCR4_Full_BIT, 40000},
    {ETHTOOL_LINK_MODE_40000baseSR4_Full_BIT, 40000},
    {ETHTOOL_LINK_MODE_40000baseLR4_Full_BIT, 40000},
    {ETHTOOL_LINK_MODE_56000baseKR4_Full_BIT, 56000},
    {ETHTOOL_LINK_MODE_56000baseCR4_Full_BIT, 56000},
    {ETHTOOL_LINK_MODE_56000baseSR4_Full_BIT, 56000},
    {ETHTOOL_LINK_MODE_56000baseLR4_Full_BIT, 56000},
    {ETHTOOL_LINK_MODE_25000baseCR_Full_BIT, 25000},
    {ETHTOOL_LINK_MODE_25000baseKR_Full_BIT, 25000},
    {ETHTOOL_LINK_MODE_25000baseSR_Full_BIT, 25000},
    {ETHTOOL_LINK_MODE_50000baseCR2_Full_BIT, 50000},
    {ETHTOOL_LINK_MODE_50000baseKR2_Full_BIT, 50000},
    {ETHTOOL_LINK_MODE_100000baseKR4_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseSR4_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseCR4_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseLR4_ER4_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_50000baseSR2_Full_BIT, 50000},
    {ETHTOOL_LINK_MODE_1000baseX_Full_BIT, 1000},
    {ETHTOOL_LINK_MODE_10000baseCR_Full_BIT, 10000},
    {ETHTOOL_LINK_MODE_10000baseSR_Full_BIT, 10000},
    {ETHTOOL_LINK_MODE_10000baseLR_Full_BIT, 10000},
    {ETHTOOL_LINK_MODE_10000baseLRM_Full_BIT, 10000},
    {ETHTOOL_LINK_MODE_10000baseER_Full_BIT, 10000},
    {ETHTOOL_LINK_MODE_2500baseT_Full_BIT, 2500},
    {ETHTOOL_LINK_MODE_5000baseT_Full_BIT, 5000},
    {ETHTOOL_LINK_MODE_50000baseKR_Full_BIT, 50000},
    {ETHTOOL_LINK_MODE_50000baseSR_Full_BIT, 50000},
    {ETHTOOL_LINK_MODE_50000baseCR_Full_BIT, 50000},
    {ETHTOOL_LINK_MODE_50000baseLR_ER_FR_Full_BIT, 50000},
    {ETHTOOL_LINK_MODE_50000baseDR_Full_BIT, 50000},
    {ETHTOOL_LINK_MODE_100000baseKR2_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseSR2_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseCR2_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseLR2_ER2_FR2_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseDR2_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_200000baseKR4_Full_BIT, 200000},
    {ETHTOOL_LINK_MODE_200000baseSR4_Full_BIT, 200000},
    {ETHTOOL_LINK_MODE_200000baseLR4_ER4_FR4_Full_BIT, 200000},
    {ETHTOOL_LINK_MODE_200000baseDR4_Full_BIT, 200000},
    {ETHTOOL_LINK_MODE_200000baseCR4_Full_BIT, 200000},
    {ETHTOOL_LINK_MODE_100baseT1_Full_BIT, 100},
    {ETHTOOL_LINK_MODE_1000baseT1_Full_BIT, 1000},
    {ETHTOOL_LINK_MODE_400000baseKR8_Full_BIT, 400000},
    {ETHTOOL_LINK_MODE_400000baseSR8_Full_BIT, 400000},
    {ETHTOOL_LINK_MODE_400000baseLR8_ER8_FR8_Full_BIT, 400000},
    {ETHTOOL_LINK_MODE_400000baseDR8_Full_BIT, 400000},
    {ETHTOOL_LINK_MODE_400000baseCR8_Full_BIT, 400000},
    {ETHTOOL_LINK_MODE_100000baseKR_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseSR_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseLR_ER_FR_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseCR_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_100000baseDR_Full_BIT, 100000},
    {ETHTOOL_LINK_MODE_200000baseKR2_Full_BIT, 200000},
    {ETHTOOL_LINK_MODE_200000baseSR2_Full_BIT, 200000},
    {ETHTOOL_LINK_MODE_200000baseLR2_ER2_FR2_Full_BIT, 200000},
    {ETHTOOL_LINK_MODE_200000baseDR2_Full_BIT, 200000},
    {ETHTOOL_LINK_MODE_200000baseCR2_Full_BIT, 200000},
    {ETHTOOL_LINK_MODE_400000baseKR4_Full_BIT, 400000},
    {ETHTOOL_LINK_MODE_400000baseSR4_Full_BIT, 400000},
    {ETHTOOL_LINK_MODE_400000baseLR4_ER4_FR4_Full_BIT, 400000},
    {ETHTOOL_LINK_MODE_400000baseDR4_Full_BIT, 400000},
    {ETHTOOL_LINK_MODE_400000baseCR4_Full_BIT, 400000},
    {ETHTOOL_LINK_MODE_100baseFX_Half_BIT, 100},
    {ETHTOOL_LINK_MODE_100baseFX_Full_BIT, 100},
    {ETHTOOL_LINK_MODE_10baseT1L_Full_BIT, 10},
};

}  // namespace

std::vector<std::uint32_t> link_mode_speeds(std::span<const std::uint32_t> words) {
  std::vector<std::uint32_t> speeds;
  for (const auto& m : kModeSpeeds) {
    const auto word = static_cast<std::size_t>(m.bit) / 32;
    if (word < words.size() && (words[word] >> (m.bit % 32) & 1u)) speeds.push_back(m.mbps);
  }
  std::sort(speeds.begin(), speeds.end());
  speeds.erase(std::unique(speeds.begin(), speeds.end()), speeds.end());
  return speeds;
}

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

model::LinkSettings decode_link_settings(const ethtool_link_settings& settings, std::span<const std::uint32_t> masks) {
  model::LinkSettings link = decode_link_settings(settings);
  const std::size_t n =
      settings.link_mode_masks_nwords > 0 ? static_cast<std::size_t>(settings.link_mode_masks_nwords) : 0;
  if (n == 0 || masks.size() < 3 * n) return link;
  link.supported_speeds_mbps = link_mode_speeds(masks.subspan(0, n));
  link.advertised_speeds_mbps = link_mode_speeds(masks.subspan(n, n));
  // An empty partner mask is what ethtool(8) prints as "Not reported": autoneg off, no partner, or a
  // driver that does not read the partner's page.
  const auto peer = masks.subspan(2 * n, n);
  if (std::any_of(peer.begin(), peer.end(), [](std::uint32_t w) { return w != 0; }))
    link.peer_advertised_speeds_mbps = link_mode_speeds(peer);
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
