#pragma once
// Pure decoders shared by the ioctl and genetlink paths: kernel link/pause/driver structs and
// values to the model.
#include <linux/ethtool.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/host.hpp"

namespace roce::sources::ethtool {

// Link speed in Mb/s, or nullopt when the kernel does not know it. Like ethtool(8), 0 and the
// legacy 16-bit 0xffff count as unknown too (drivers report them for a link that is down).
std::optional<std::uint32_t> speed_mbps(std::uint32_t raw);
// DUPLEX_HALF/FULL -> "half"/"full", anything else "unknown".
std::string duplex_name(std::uint8_t raw);

model::DriverInfo decode_drvinfo(const ethtool_drvinfo& info);
model::LinkSettings decode_link_settings(const ethtool_link_settings& settings);  // lanes: nullopt
// The same, with the link-mode speeds of the three bitmaps that follow the struct in
// ETHTOOL_GLINKSETTINGS (supported, advertising, lp_advertising, link_mode_masks_nwords u32 words
// each). Fewer words than that leave the speeds not reported; an all-zero partner bitmap is not
// reported either.
model::LinkSettings decode_link_settings(const ethtool_link_settings& settings, std::span<const std::uint32_t> masks);
// The distinct speeds (Mb/s, ascending) of the link modes set in a bitmap of u32 words (bit N of
// the bitmap is bit N%32 of word N/32), as ETHTOOL_GLINKSETTINGS and compact netlink bitsets carry it.
std::vector<std::uint32_t> link_mode_speeds(std::span<const std::uint32_t> words);
model::PauseParams decode_pauseparam(const ethtool_pauseparam& pause);            // no frame counts

}  // namespace roce::sources::ethtool
