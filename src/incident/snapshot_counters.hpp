#pragma once
// One snapshot block's counters per switch port, read with src/switch's SONiC table parsers:
//   `show pfc counters`            Rx table: rx_pause[p] (the partner paused the switch port),
//                                  Tx table: tx_pause[p] (frames only: SONiC counts no duration)
//   `show queue counters`          tx_bytes = the unicast queues' Counter/bytes summed; their
//                                  Drop/pkts summed as tx_discards where the port counters lack TX_DRP
//   `show queue wredcounters`      ecn_marked = the unicast queues' EcnMarked/pkts summed
//   `show interfaces counters`     rx_discards_port = RX_DRP, tx_discards = TX_DRP
//   `show pfcwd stats`             pfcwd_storms[q] = STORM DETECTED of queue q (taken as priority q)
// A table the block does not hold leaves its counters absent. Pure.
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
};

/// `where` names the block in the parsers' messages ("leaf01.txt:1234").
BlockCounters block_counters(std::string_view block, const std::string& where);

}  // namespace roce::incident
