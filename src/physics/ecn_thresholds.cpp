#include "physics/ecn_thresholds.hpp"

#include <algorithm>
#include <cmath>

namespace roce::physics {

EcnThresholds ecn_thresholds(std::optional<std::uint32_t> speed_mbps, std::optional<std::uint32_t> buffer_bytes) {
  const std::uint64_t speed = speed_mbps && *speed_mbps > 0 ? *speed_mbps : kEcnAnchorSpeedMbps;
  std::uint64_t max = std::uint64_t{kEcnAnchorMaxBytes} * speed / kEcnAnchorSpeedMbps;
  std::uint64_t min = std::uint64_t{kEcnAnchorMinBytes} * speed / kEcnAnchorSpeedMbps;
  if (buffer_bytes && *buffer_bytes > 0 && *buffer_bytes < max) {
    max = *buffer_bytes;
    min = max / 10;
  }
  min = std::max<std::uint64_t>(min, kEcnMinFloorBytes);
  max = std::max<std::uint64_t>(max, min + 1);
  const std::uint64_t cap = 0x7fffffffu;  // leave room for limit = 2 * max in 32 bits
  max = std::min(max, cap);
  min = std::min(min, max - 1);
  EcnThresholds t;
  t.min = static_cast<std::uint32_t>(min);
  t.max = static_cast<std::uint32_t>(max);
  t.limit = static_cast<std::uint32_t>(std::min<std::uint64_t>(2 * max, 0xffffffffu));
  return t;
}

std::uint32_t red_max_p(double probability) {
  if (!(probability > 0)) return 0;
  const double v = std::round(probability * 4294967296.0);
  return v >= 4294967295.0 ? 0xffffffffu : static_cast<std::uint32_t>(v);
}

}  // namespace roce::physics
