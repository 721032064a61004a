#pragma once
// NVIDIA Cumulus Linux (NVUE 5.5 and later) counters of one interface, as `nv show interface IF
// counters ...` prints them (the NVUE command reference, "nv show interface <interface-id> counters"
// and "... counters qos pfc-stats|port-stats"):
//   counters qos pfc-stats   switch-priority / rx-pause-frames / rx-pause-duration / tx-pause-frames /
//                            tx-pause-duration, one row per switch priority 0-7
//   counters qos port-stats  Counter / Receive / Transmit: ECN Marked Packets (Transmit)
//   counters                 "Detailed Counters" (Total Octets) and "Drop Counters" (Buffer Drops,
//                            Total Drops), each Counter / Receive / Transmit
//   counters qos             the qos tables under their titles ("PFC Statistics", "Qos Port Statistics")
// The output never names its interface; the command does. Pause durations are the Spectrum port's
// per-priority PPCNT counters, printed without a unit: microseconds. "n/a" is absent, "0 Bytes" is 0.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace roce::switches {

struct CumulusCounters {
  using Value = std::optional<std::uint64_t>;
  std::array<Value, 8> rx_pause_frames{}, rx_pause_us{}, tx_pause_frames{}, tx_pause_us{};
  Value rx_octets, tx_octets;
  Value rx_buffer_drops;  // Drop Counters: Buffer Drops, Receive
  Value tx_drops;         // Drop Counters: Total Drops, Transmit
  Value ecn_marked;       // port-stats: ECN Marked Packets, Transmit
  bool pfc = false;       // a pfc-stats table was read
};

/// The counters of one output. `file` and `first_line` (the 1-based line of the text's first line
/// in that file) locate errors: a number that cannot be read ("FILE:LINE: ..."), or text with no
/// counters table NVUE prints.
Expected<CumulusCounters> parse_nv_show_counters(std::string_view text, const std::string& file,
                                                 std::size_t first_line = 1);

/// Whether the line is the header of a table parse_nv_show_counters reads (the switch-priority
/// header of pfc-stats, or Counter / Receive / Transmit).
bool is_nv_counters_header(std::string_view line);

}  // namespace roce::switches
