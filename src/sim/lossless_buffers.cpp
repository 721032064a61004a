// Buffer sizes and thresholds of simulated ports, from src/physics.
#include "sim/lossless_buffers.hpp"

#include <algorithm>

#include "physics/ecn_thresholds.hpp"
#include "physics/headroom.hpp"

namespace roce::sim {

double EcnProfile::mark_probability(double q) const {
  if (q <= min || max <= min) return 0;
  if (q >= max) return 1;
  return probability * (q - min) / (max - min);
}

NicBuffer nic_buffer(std::uint32_t speed_mbps, std::uint32_t cable_m, std::uint32_t mtu) {
  const double xoff = physics::mlx5_xoff_bytes(speed_mbps, cable_m, mtu);
  const double minimum = physics::mlx5_min_lossless_buffer(speed_mbps, cable_m, mtu);
  NicBuffer b;
  b.size = std::max<double>(kMlx5DefaultLosslessBuffer, 2 * minimum);
  b.xoff_threshold = b.size - xoff;
  b.xon_threshold = b.xoff_threshold - physics::kMlx5MinimumMaxMtu;
  return b;
}

SwitchPgBuffer switch_pg_buffer(std::uint32_t speed_mbps, std::uint32_t cable_m, std::uint32_t mtu) {
  physics::SonicInputs in;
  in.speed_mbps = speed_mbps;
  in.cable_m = cable_m;
  in.port_mtu = std::max<std::uint32_t>(mtu, 9100);
  const auto h = physics::sonic_headroom(in);
  return {static_cast<double>(h.xoff), static_cast<double>(h.xon)};
}

EcnProfile switch_ecn(std::uint32_t speed_mbps) {
  const auto t = physics::ecn_thresholds(speed_mbps);
  return {static_cast<double>(t.min), static_cast<double>(t.max), t.probability};
}

}  // namespace roce::sim
