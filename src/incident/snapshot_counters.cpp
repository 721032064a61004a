// A snapshot block's tables as per-port storm counters.
#include "incident/snapshot_counters.hpp"

#include <map>

#include "switch/sonic_cli_tables.hpp"

namespace roce::incident {
namespace {

void add(std::optional<std::uint64_t>& into, const std::optional<std::uint64_t>& v) {
  if (v) into = into.value_or(0) + *v;
}

}  // namespace

BlockCounters block_counters(std::string_view block, const std::string& where) {
  BlockCounters out;
  std::map<std::string, std::size_t> index;
  const auto port = [&](const std::string& name) -> storm::Counters& {
    const auto [it, added] = index.try_emplace(name, out.ports.size());
    if (added) out.ports.push_back({name, {}});
    return out.ports[it->second].counters;
  };
  if (auto pfc = switches::parse_show_pfc_counters(block, where)) {
    out.pfc = true;
    for (const auto& row : *pfc) {
      storm::Counters& c = port(row.port);
      for (int p = 0; p < storm::kPriorities; ++p) (row.tx ? c.tx_pause : c.rx_pause)[p] = row.frames[p];
      if (!row.since.empty()) out.pfc_since = row.since;
    }
  }
  // Queue drops stand in for TX_DRP only where the port counters do not give it.
  std::map<std::string, std::optional<std::uint64_t>> queue_drops;
  if (auto queues = switches::parse_show_queue_counters(block, where))
    for (const auto& row : *queues) {
      storm::Counters& c = port(row.port);
      add(c.tx_bytes, row.tx_bytes);
      add(c.ecn_marked, row.ecn_marked_packets);
      add(queue_drops[row.port], row.drop_packets);
    }
  if (auto interfaces = switches::parse_show_interfaces_counters(block, where))
    for (const auto& row : *interfaces) {
      storm::Counters& c = port(row.port);
      c.rx_discards_port = row.counters.rx_drop;
      c.tx_discards = row.counters.tx_drop;
    }
  // The PFC watchdog's storms per queue; a queue is taken as its priority (SONiC's default TC map).
  if (auto stats = switches::parse_show_pfcwd_stats(block, where))
    for (const auto& row : *stats)
      if (row.queue.queue >= 0 && row.queue.queue < storm::kPriorities)
        port(row.port).pfcwd_storms[row.queue.queue] = row.queue.storms_detected;
  for (auto& [name, drops] : queue_drops) {
    storm::Counters& c = port(name);
    if (!c.tx_discards) c.tx_discards = drops;
  }
  return out;
}

}  // namespace roce::incident
