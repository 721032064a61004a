#pragma once
// A SONiC switch's `show techsupport` dumps taken one after another (the archives, or the folders
// they extract to), as one switch's series: each dump's dump/COUNTERS_DB.json (switch/counters_db.hpp)
// is one sample of its ports, at the time its name gives (sonic_dump_HOST_YYYYMMDD_HHMMSS: the
// switch's clock, read as UTC), its dump/lldpctl the cables to its neighbours. Each port's counters
// mean what snapshot_counters.hpp reads of SONiC's show tables:
//   SAI_PORT_STAT_PFC_p_RX_PKTS / _TX_PKTS                rx_pause[p] / tx_pause[p]
//   SAI_PORT_STAT_PFC_p_RX_/TX_PAUSE_DURATION_US          rx_pause_us[p] / tx_pause_us[p], where counted
//   SAI_PORT_STAT_IF_IN_OCTETS / IF_OUT_OCTETS            rx_bytes / tx_bytes (else the unicast queues' bytes)
//   SAI_PORT_STAT_IF_IN_DISCARDS / IF_OUT_DISCARDS        rx_discards_port (RX_DRP) / tx_discards (TX_DRP,
//                                                         else the unicast queues' dropped packets)
//   unicast queues' SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS ecn_marked, summed
//   queue q's PFC_WD_QUEUE_STATS_DEADLOCK_DETECTED        pfcwd_storms[q] (a queue taken as its priority)
// Queue sums need COUNTERS_QUEUE_TYPE_MAP to tell unicast queues; without it they stay absent.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "incident/snapshot_counters.hpp"
#include "incident/source.hpp"
#include "switch/counters_db.hpp"

namespace roce::incident {

struct TechSupportDump {
  std::string path;  // the archive or the extracted folder
  std::string host;  // from its name
  std::int64_t time_ms = 0;
};

/// `path` as a tech-support dump: an archive named sonic_dump_HOST_YYYYMMDD_HHMMSS.tar.gz (or .tgz),
/// or a folder so named; nullopt for anything else.
std::optional<TechSupportDump> tech_support_dump(const std::string& path);

/// One switch's dumps (any order), named `given_name`, else by the host their names give.
std::unique_ptr<Source> counters_db_source(std::vector<TechSupportDump> dumps, std::string given_name = "");

/// A COUNTERS_DB dump's ports as storm counters.
std::vector<SwitchPortCounters> counters_db_ports(const switches::CountersDb& db);

}  // namespace roce::incident
