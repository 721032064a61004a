#pragma once
// SONiC's COUNTERS_DB as a `show techsupport` archive holds it (dump/COUNTERS_DB.json, written by
// sonic-utilities' generate_dump with `sonic-db-dump -n COUNTERS_DB -y`: redis-dump-load's
// {"KEY": {"type": "hash", "value": {"FIELD": "N", ...}}}; a flat {"KEY": {"FIELD": "N"}} is read too):
//   COUNTERS_PORT_NAME_MAP   EthernetN -> "oid:0x..."
//   COUNTERS_QUEUE_NAME_MAP  "EthernetN:q" -> "oid:0x..."
//   COUNTERS_QUEUE_TYPE_MAP  oid -> SAI_QUEUE_TYPE_UNICAST, _MULTICAST or _ALL
//   COUNTERS:oid:0x...       a port's SAI_PORT_STAT_* counters, or a queue's SAI_QUEUE_STAT_* and the
//                            PFC watchdog's PFC_WD_QUEUE_STATS_*
// as portstat, pfcstat, queuestat and pfcwd read them ("|" is taken for ":" as well). A counter the
// hash does not hold stays absent. Pure.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.hpp"

namespace roce::switches {

struct CountersDbQueue {
  using Value = std::optional<std::uint64_t>;
  int index = 0;                  // q of "EthernetN:q"
  std::optional<bool> unicast;    // from COUNTERS_QUEUE_TYPE_MAP; unknown without it
  Value packets, bytes, dropped;  // SAI_QUEUE_STAT_PACKETS, _BYTES, _DROPPED_PACKETS
  Value ecn_marked;               // SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS
  Value pfcwd_storms;             // PFC_WD_QUEUE_STATS_DEADLOCK_DETECTED
};

struct CountersDbPort {
  using Value = std::optional<std::uint64_t>;
  std::string name;
  std::array<Value, 8> rx_pfc{}, tx_pfc{};            // SAI_PORT_STAT_PFC_p_RX_PKTS / _TX_PKTS
  std::array<Value, 8> rx_pause_us{}, tx_pause_us{};  // SAI_PORT_STAT_PFC_p_RX_PAUSE_DURATION_US / TX_
  Value in_octets, out_octets;                        // SAI_PORT_STAT_IF_IN_OCTETS / IF_OUT_OCTETS
  Value in_discards, out_discards;                    // SAI_PORT_STAT_IF_IN_DISCARDS (RX_DRP) / OUT (TX_DRP)
  std::vector<CountersDbQueue> queues;                // in queue order
};

struct CountersDb {
  std::vector<CountersDbPort> ports;  // in COUNTERS_PORT_NAME_MAP's order
  std::vector<std::string> problems;  // "FILE: KEY FIELD ...": a value that could not be read
};

/// Fails naming the file for text that is not JSON or holds no COUNTERS_PORT_NAME_MAP.
Expected<CountersDb> parse_counters_db(std::string_view text, const std::string& file);

}  // namespace roce::switches
