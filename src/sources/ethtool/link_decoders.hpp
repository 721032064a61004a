#pragma once
// Pure decoders shared by the ioctl and genetlink paths: kernel link/pause/driver structs and
// values to the model.
#include <linux/ethtool.h>

#include <cstdint>
#include <optional>
#include <string>

#include "model/host.hpp"

namespace roce::sources::ethtool {

// Link speed in Mb/s, or nullopt when the kernel does not know it. Like ethtool(8), 0 and the
// legacy 16-bit 0xffff count as unknown too (drivers report them for a link that is down).
std::optional<std::uint32_t> speed_mbps(std::uint32_t raw);
// DUPLEX_HALF/FULL -> "half"/"full", anything else "unknown".
std::string duplex_name(std::uint8_t raw);

model::DriverInfo decode_drvinfo(const ethtool_drvinfo& info);
model::LinkSettings decode_link_settings(const ethtool_link_settings& settings);  // lanes: nullopt
model::PauseParams decode_pauseparam(const ethtool_pauseparam& pause);            // no frame counts

}  // namespace roce::sources::ethtool
