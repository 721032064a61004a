#pragma once
/// SONiC CLI tables as switch facts: `show lldp table` (the neighbours by port; a Linux host with
/// lldpd's defaults shows its MAC as RemotePortID) and `show pfcwd stats` (queues in storm).
/// Provenance {"sonic-cli", "FILE:LINE"}.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/switch_port.hpp"
#include "util/expected.hpp"

namespace roce::switches {

/// Fails "FILE: ..." when the text has no table with the LocalPort and RemotePortID columns.
Expected<std::vector<model::SwitchLldpNeighbor>> parse_show_lldp_table(std::string_view text, const std::string& file);

/// Fails "FILE: ..." when the text has no table with the QUEUE, STATUS and STORM DETECTED/RESTORED
/// columns. Rows it cannot read are skipped; each row names its port in the queue ("Ethernet6:3").
struct PfcwdStatRow {
  std::string port;
  model::SwitchPfcwdQueue queue;
};
Expected<std::vector<PfcwdStatRow>> parse_show_pfcwd_stats(std::string_view text, const std::string& file);

/// One port's row of `show pfc counters` (pfcstat): PFC frames per priority, Rx or Tx table; a
/// priority printed "N/A" stays nullopt. `since` is the "Last cached time was ..." text before the
/// table (the values are then counts since that snapshot), empty without one.
struct PfcCounterRow {
  std::string port;
  bool tx = false;
  std::array<std::optional<std::uint64_t>, 8> frames{};
  std::string since;
  model::Provenance from;
};
/// Fails "FILE: ..." when the text holds no "Port Rx"/"Port Tx" table with PFC0..PFC7 columns.
Expected<std::vector<PfcCounterRow>> parse_show_pfc_counters(std::string_view text, const std::string& file);

/// One unicast queue's row of `show queue counters` (packets, drops) or `show queue wredcounters`
/// (ECN-marked packets); multicast queues (MC<n>) are left out.
struct QueueCounterRow {
  std::string port;
  int queue = 0;
  std::optional<std::uint64_t> tx_packets, drop_packets, ecn_marked_packets;
  model::Provenance from;
};
/// Fails "FILE: ..." when the text holds neither table (Port TxQ Counter/pkts ..., or Port TxQ
/// ... EcnMarked/pkts).
Expected<std::vector<QueueCounterRow>> parse_show_queue_counters(std::string_view text, const std::string& file);

}  // namespace roce::switches
