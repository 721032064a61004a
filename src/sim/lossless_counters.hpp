#pragma once
// The cumulative counters the lossless simulation keeps per port, as one flat row of doubles (so a
// stretch of time between two rows is linear and samples are interpolated): bytes and pauses per
// priority as the port's own NIC or ASIC counts them, and the host-only counters. Frames, not
// bytes, where the devices count frames; bytes become packets only when written out.
namespace roce::sim::slot {

inline constexpr int kPrios = 8;

// Per priority: base + priority.
inline constexpr int tx_bytes = 0;
inline constexpr int rx_bytes = 8;
inline constexpr int tx_pause = 16;              // PFC frames sent (XOFF, refreshes and XON)
inline constexpr int rx_pause = 24;              // PFC frames received
inline constexpr int tx_pause_us = 32;           // time this port asked its peer to stop
inline constexpr int rx_pause_us = 40;           // time this port's egress was stopped by its peer
inline constexpr int rx_discard_bytes = 48;      // dropped on receive for lack of buffer
inline constexpr int ecn_marked_bytes = 56;      // switch: marked on egress; host: marked bytes received
inline constexpr int tx_drop_bytes = 64;         // switch egress drops (lossy queues)
inline constexpr int rx_pause_transitions = 72;  // XOFF -> XON seen on receive
// Per port.
inline constexpr int global_tx_pause = 80;  // 802.3x frames sent
inline constexpr int global_rx_pause = 81;
inline constexpr int global_tx_pause_us = 82;
inline constexpr int global_rx_pause_us = 83;
inline constexpr int global_rx_pause_transitions = 84;
inline constexpr int out_of_buffer = 85;  // host: RoCE packets without a receive WQE (hw_counters out_of_buffer)
inline constexpr int pcie_stall_us = 86;  // host: time the receive path was stalled on PCIe credits
inline constexpr int cnp_sent = 87;       // host: CNPs sent (notification point)
inline constexpr int cnp_handled = 88;    // host: CNPs handled (reaction point)
inline constexpr int kCount = 89;

}  // namespace roce::sim::slot
