#pragma once
// One snapshot block's counters per switch port, read with src/switch's SONiC table parsers:
//   `show pfc counters`            Rx table: rx_pause[p] (the partner paused the switch port),
//                                  Tx table: tx_pause[p] (frames only: SONiC counts no duration)
//   `show queue counters`          tx_bytes = the unicast queues' Counter/bytes summed; their
//                                  Drop/pkts summed as tx_discards where the port counters lack TX_DRP
//   `show queue wredcounters`      ecn_marked = the unicast queues' EcnMarked/pkts summed
//   `show interfaces counters`     rx_discards_port = RX_DRP, tx_discards = TX_DRP
//   `show pfcwd stats`             pfcwd_storms[q] = STORM DETECTED of queue q (taken as priority q)
// and Cumulus Linux's NVUE outputs (switch/cumulus_counters.hpp), each after the command that printed
// it, pasted with its prompt ("cumulus@leaf01:mgmt:~$ nv show interface swp1 counters qos pfc-stats")
// or as the loop echoes it ("nv show interface swp1 counters qos pfc-stats", also "+ nv ..." as
// `set -x` writes it), the command naming the port:
//   `nv show interface IF counters qos pfc-stats`  rx_pause[p], rx_pause_us[p], tx_pause[p], tx_pause_us[p]
//   `nv show interface IF counters`                rx_bytes / tx_bytes = Total Octets, rx_discards_port =
//                                                  Buffer Drops (Receive), tx_discards = Total Drops (Transmit)
//   `nv show interface IF counters qos port-stats` ecn_marked = ECN Marked Packets (Transmit)
//   `nv show interface IF counters qos`            all of these tables at once
// An NVUE table no command line names the port of, or a number in one that cannot be read, is a
// problem "FILE:LINE: ..." and its output is left out. A table the block does not hold leaves its
// counters absent. Pure.
#include <string>
#include <string_view>
#include <vector>

#include "storm/series.hpp"

namespace roce::incident {

struct SwitchPortCounters {
  std::string port;
  storm::Counters counters;
};

struct BlockCounters {
  std::vector<SwitchPortCounters> ports;  // in the order the tables name them
  bool pfc = false;                       // the block holds a `show pfc counters` table
  std::string pfc_since;                  // its "Last cached time was ..." text, if any
  std::vector<std::string> problems;      // "FILE:LINE: ..." of what could not be read
};

/// `file` names the file, `date_line` the block's date line (1-based; 0: `file` already says where),
/// in the parsers' messages ("leaf01.txt:1234").
BlockCounters block_counters(std::string_view block, const std::string& file, std::size_t date_line = 0);

/// Whether a line of a block starts an NVUE output: a prompt line or a bare `nv show` command.
bool is_nv_command_line(std::string_view line);

}  // namespace roce::incident
