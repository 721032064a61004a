#pragma once
// Parser of `ethtool -i <if>` (ETHTOOL_GDRVINFO):
//   driver: mlx5_core
//   version: 5.15.0-91-generic
//   firmware-version: 22.39.1002 (MT_0000000359)
//   expansion-rom-version:
//   bus-info: 0000:3b:00.0
//   supports-statistics: yes ...
// Returns DriverInfo {driver, version, fw_version, bus_info} located at the first line;
// missing(error) when the driver line is empty or bus-info/firmware-version are absent (truncated).
// Conventions: parse_result.hpp.
#include <string_view>

#include "captures/text/parse_result.hpp"
#include "model/host.hpp"

namespace roce::captures::text {

Expected<Parsed<model::Field<model::DriverInfo>>> parse_ethtool_driver(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
