#pragma once
// SONiC CLI tables as switch facts: `show lldp table` (the neighbours by port; a Linux host with
// lldpd's defaults shows its MAC as RemotePortID), `show pfcwd stats` (queues in storm) and
// `show pfcwd config`, `show pfc counters`, `show queue counters`/`wredcounters`, `show interfaces
// counters`, `show priority-group watermark`. Provenance {"sonic-cli", "FILE:LINE"}.
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
  std::optional<std::uint64_t> tx_bytes;  // Counter/bytes
  model::Provenance from;
};
/// Fails "FILE: ..." when the text holds neither table (Port TxQ Counter/pkts ..., or Port TxQ
/// ... EcnMarked/pkts).
Expected<std::vector<QueueCounterRow>> parse_show_queue_counters(std::string_view text, const std::string& file);

/// One port's row of `show pfcwd config`: the watchdog's action and times (ms), and its HISTORY
/// column when the release prints one.
struct PfcwdConfigRow {
  std::string port;
  model::SwitchPfcWatchdog watchdog;
  model::Provenance from;
};
/// Fails "FILE: ..." when the text holds no PORT ACTION "DETECTION TIME" "RESTORATION TIME" table,
/// "FILE:LINE: ..." for a row whose times are not milliseconds.
Expected<std::vector<PfcwdConfigRow>> parse_show_pfcwd_config(std::string_view text, const std::string& file);

/// One port's row of `show interfaces counters` (portstat): STATE ("U", "D", "X") and packets.
struct InterfaceCounterRow {
  std::string port;
  std::string state;
  model::SwitchPortCounters counters;
  model::Provenance from;
};
/// Fails "FILE: ..." when the text holds no IFACE STATE table with RX_OK, TX_OK or drop columns (the
/// default layout, `counters errors`, `counters rates`, `show dropcounters counts`); a column the
/// layout lacks stays nullopt.
Expected<std::vector<InterfaceCounterRow>> parse_show_interfaces_counters(std::string_view text,
                                                                          const std::string& file);

/// One port's row of `show priority-group watermark headroom|shared` (also persistent-watermark):
/// peak bytes per PG, told apart by the title above the table.
struct PgWatermarkRow {
  std::string port;
  bool headroom = false;  // "Ingress headroom per PG:"; false: "Ingress shared pool occupancy per PG:"
  model::PgWatermarks bytes;
  model::Provenance from;
};
/// Fails "FILE: ..." when the text holds no Port PG0 ... table, "FILE:LINE: ..." for such a table
/// without one of the two titles, or a cell that is neither bytes nor N/A.
Expected<std::vector<PgWatermarkRow>> parse_show_pg_watermark(std::string_view text, const std::string& file);

}  // namespace roce::switches
