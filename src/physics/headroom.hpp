#pragma once
// Lossless-buffer headroom: how many bytes a receive buffer must still absorb after it sends
// XOFF (PFC pause), because the peer keeps sending until the pause reaches it and it reacts.
//
// Three formulas, each reproduced exactly from its source (research/formats.md §4):
//
//  * mlx5 (§4.1, kernel drivers/net/ethernet/mellanox/mlx5/core/en/port_buffer.c):
//      xoff = (301 + 216*cable_m/100) * speed_mbps/1000 + 272*mtu/100        [bytes, integer math]
//    with speed floored at 40000 Mb/s (and 40G when unknown), cable_m the PFC `delay` (mlx5 uses it
//    as cable length in metres, default 7), mtu the netdev MTU. The driver refuses a lossless buffer
//    smaller than xoff + max_mtu + cell, max_mtu = max(netdev max_mtu, 9216), cell = 128 B.
//    BUF-HEADROOM and the tuner both use mlx5_min_lossless_buffer().
//
//  * generic IEEE 802.1Qbb estimate (§4.3):
//      headroom = 2*cable_m*5ns*speed/8 + pause_quanta(speed)*64 + 2*mtu + 64   [bytes]
//    (round trip on the cable, the peer's response time from IEEE 802.3 Annex 31B, one frame in
//    flight at each end, the PFC frame itself).
//
//  * SONiC dynamic buffer for Mellanox Spectrum (§4.4, cfgmgr/buffer_headroom_mellanox.lua):
//    propagation = port_mtu + 2*cable*speed/(1.98e8 m/s)/8 + mac_phy_delay + peer_response,
//    xoff = ceil1024(lossless_mtu + propagation * cell_occupancy), xon = ceil1024(pipeline_latency),
//    size = ceil1024(xoff + xon) (xon alone with a shared headroom pool).
#include <cstdint>
#include <optional>

namespace roce::physics {

constexpr std::uint32_t kMlx5DefaultCableM = 7;       // MLX5E_DEFAULT_CABLE_LEN
constexpr std::uint32_t kMlx5MinimumMaxMtu = 9216;    // MINIMUM_MAX_MTU
constexpr std::uint32_t kMlx5DefaultCellBytes = 128;  // 1 << MLX5E_BUFFER_CELL_SHIFT

/// mlx5 headroom above the XOFF threshold, bytes. speed_mbps nullopt = unknown (40G is assumed).
std::uint32_t mlx5_xoff_bytes(std::optional<std::uint32_t> speed_mbps, std::uint32_t cable_m, std::uint32_t mtu);

/// Smallest lossless buffer mlx5 accepts: xoff + max(max_mtu, 9216) + cell.
std::uint32_t mlx5_min_lossless_buffer(std::optional<std::uint32_t> speed_mbps, std::uint32_t cable_m,
                                       std::uint32_t mtu, std::uint32_t netdev_max_mtu = 0,
                                       std::uint32_t cell_bytes = kMlx5DefaultCellBytes);

/// IEEE 802.3 Annex 31B pause quanta for a speed (as SONiC tables them); nullopt for other speeds.
std::optional<std::uint32_t> pause_quanta(std::uint32_t speed_mbps);

/// Generic IEEE estimate (§4.3), bytes; nullopt when the speed has no pause-quanta entry.
std::optional<std::uint32_t> ieee_headroom_bytes(std::uint32_t speed_mbps, std::uint32_t cable_m, std::uint32_t mtu);

/// The part of the IEEE estimate that does not depend on the peer: the cable round trip at the
/// speed, one frame in flight at each end and the PFC frame, bytes. Switch vendors size the rest
/// (the peer's response) from their own ASIC, often below IEEE's worst case; no headroom can be
/// smaller than this part.
std::uint32_t ieee_cable_and_frames_bytes(std::uint32_t speed_mbps, std::uint32_t cable_m, std::uint32_t mtu);

struct SonicAsic {                // STATE_DB ASIC_TABLE
  std::uint32_t cell_size = 144;  // Spectrum-2/3 (Spectrum-1: 96)
  double pipeline_latency_kb = 18;
  double mac_phy_delay_kb = 0.8;
  double peer_response_time_kb = 3.8;  // used only when the speed has no pause-quanta entry
};
struct SonicInputs {
  std::uint32_t speed_mbps = 100000;
  std::uint32_t cable_m = 5;
  std::uint32_t port_mtu = 9100;
  std::uint32_t lossless_mtu = 1024;  // LOSSLESS_TRAFFIC_PATTERN.mtu
  std::uint32_t small_packet_percentage = 100;
  double gearbox_delay_ns = 0;
  bool shared_headroom_pool = false;
  SonicAsic asic;
};
struct SonicHeadroom {
  std::uint32_t xoff = 0, xon = 0, size = 0;
  bool operator==(const SonicHeadroom&) const = default;
};
SonicHeadroom sonic_headroom(const SonicInputs& in);

}  // namespace roce::physics
