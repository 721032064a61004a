#pragma once
// The buffers of each simulated port, sized by src/physics as the real devices size them:
//  * a host NIC's lossless receive buffer (mlx5 port buffer): XOFF at size - mlx5_xoff_bytes(speed,
//    cable, MTU), XON one max MTU (9216 B) below it, as port_buffer.c sets them;
//  * a switch ingress priority group (SONiC dynamic buffer on Spectrum): its headroom (the bytes it
//    still absorbs after XOFF) and XON gap from physics::sonic_headroom, XOFF when the PG holds more
//    than its dynamic threshold alpha * (pool - the switch's shared occupancy);
//  * a switch egress queue's ECN marking (RED: none below min, linear to the probability at max,
//    every packet above) from physics::ecn_thresholds.
#include <cstdint>

namespace roce::sim {

struct NicBuffer {
  double size = 0;            // bytes of the lossless receive buffer
  double xoff_threshold = 0;  // pause above
  double xon_threshold = 0;   // resume below
};

struct SwitchPgBuffer {
  double headroom = 0;  // bytes absorbed above the threshold before the PG drops
  double xon_gap = 0;   // resume below threshold - xon_gap
};

struct EcnProfile {
  double min = 0, max = 0, probability = 0;  // bytes, bytes, marking probability at max
  double mark_probability(double queue_bytes) const;
};

struct SwitchPool {
  double bytes = 16e6;  // the ingress lossless pool
  double alpha = 1;     // dynamic_th 0
};

inline constexpr std::uint32_t kMlx5DefaultLosslessBuffer = 262016;  // what mlx5 gives priority 3 by default

NicBuffer nic_buffer(std::uint32_t speed_mbps, std::uint32_t cable_m, std::uint32_t mtu);
SwitchPgBuffer switch_pg_buffer(std::uint32_t speed_mbps, std::uint32_t cable_m, std::uint32_t mtu);
EcnProfile switch_ecn(std::uint32_t speed_mbps);

}  // namespace roce::sim
