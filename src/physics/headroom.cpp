#include "physics/headroom.hpp"

#include <algorithm>
#include <cmath>

namespace roce::physics {

std::uint32_t mlx5_xoff_bytes(std::optional<std::uint32_t> speed_mbps, std::uint32_t cable_m, std::uint32_t mtu) {
  // 64-bit intermediates: 1.6T at 999 m still fits, and the kernel's u32 would only differ on overflow.
  std::uint64_t speed = std::max<std::uint64_t>(speed_mbps.value_or(40000), 40000);
  std::uint64_t xoff = (301 + 216ull * cable_m / 100) * speed / 1000 + 272ull * mtu / 100;
  return static_cast<std::uint32_t>(xoff);
}

std::uint32_t mlx5_min_lossless_buffer(std::optional<std::uint32_t> speed_mbps, std::uint32_t cable_m,
                                       std::uint32_t mtu, std::uint32_t netdev_max_mtu, std::uint32_t cell_bytes) {
  return mlx5_xoff_bytes(speed_mbps, cable_m, mtu) + std::max(netdev_max_mtu, kMlx5MinimumMaxMtu) + cell_bytes;
}

std::optional<std::uint32_t> pause_quanta(std::uint32_t speed_mbps) {
  switch (speed_mbps) {
    case 100: return 1;
    case 1000: return 2;
    case 10000: return 67;
    case 25000: return 80;
    case 40000: return 118;
    case 50000: return 147;
    case 100000: return 394;
    case 200000: return 453;
    case 400000: return 905;
    case 800000: return 905;
    default: return std::nullopt;
  }
}

std::uint32_t ieee_cable_and_frames_bytes(std::uint32_t speed_mbps, std::uint32_t cable_m, std::uint32_t mtu) {
  // 2 * L * 5 ns/m * R bit/s / 8 = L * R_mbps / 800 bytes, rounded up.
  std::uint64_t cable_bytes = (2ull * cable_m * 5 * speed_mbps + 7999) / 8000;
  return static_cast<std::uint32_t>(cable_bytes + 2ull * mtu + 64);
}

std::optional<std::uint32_t> ieee_headroom_bytes(std::uint32_t speed_mbps, std::uint32_t cable_m, std::uint32_t mtu) {
  auto quanta = pause_quanta(speed_mbps);
  if (!quanta) return std::nullopt;
  return static_cast<std::uint32_t>(ieee_cable_and_frames_bytes(speed_mbps, cable_m, mtu) + *quanta * 64ull);
}

namespace {
double ceil1024(double bytes) { return std::ceil(bytes / 1024) * 1024; }
}  // namespace

SonicHeadroom sonic_headroom(const SonicInputs& in) {
  const double cell = in.asic.cell_size;
  const double worst_case_factor = std::ceil(cell > 128 ? cell / 64 : 2 * cell / (1 + cell));
  const double spp = in.small_packet_percentage;
  const double spp_by_byte = 100.0 * 64 / ((spp * 64 + (100 - spp) * in.lossless_mtu) / 100);
  const double cell_occupancy = (100 - spp_by_byte + spp_by_byte * worst_case_factor) / 100;

  auto quanta = pause_quanta(in.speed_mbps);
  const double peer_response = quanta ? *quanta * 512.0 / 8 : in.asic.peer_response_time_kb * 1024;
  const double bytes_on_cable = 2.0 * in.cable_m * in.speed_mbps * 1e9 / 198000000 / (8 * 1000);
  const double bytes_on_gearbox = in.gearbox_delay_ns == 0 ? 0 : in.speed_mbps * in.gearbox_delay_ns / (8 * 1024);
  const double propagation =
      in.port_mtu + bytes_on_cable + 2 * bytes_on_gearbox + in.asic.mac_phy_delay_kb * 1024 + peer_response;

  double xoff = ceil1024(in.lossless_mtu + propagation * cell_occupancy);
  // Without a shared headroom pool, a small-packet mix below 100 % gets 2 KiB back towards the
  // worst case while it is still more than 2 KiB below it.
  const double worst = ceil1024(in.lossless_mtu + propagation * worst_case_factor);
  if (!in.shared_headroom_pool && in.small_packet_percentage != 100 && worst - xoff > 2048) xoff += 2048;
  const double xon = ceil1024(in.asic.pipeline_latency_kb * 1024);
  const double size = ceil1024(in.shared_headroom_pool ? xon : xoff + xon);
  return {static_cast<std::uint32_t>(xoff), static_cast<std::uint32_t>(xon), static_cast<std::uint32_t>(size)};
}

}  // namespace roce::physics
