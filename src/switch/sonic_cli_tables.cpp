// Reading SONiC's `show lldp table` and `show pfcwd stats`.
#include "switch/sonic_cli_tables.hpp"

#include "switch/simple_table.hpp"
#include "switch/text_values.hpp"

namespace roce::switches {

Expected<std::vector<model::SwitchLldpNeighbor>> parse_show_lldp_table(std::string_view text, const std::string& file) {
  for (const auto& t : read_simple_tables(text)) {
    const int local = t.column("LocalPort"), device = t.column("RemoteDevice"), port = t.column("RemotePortID"),
              descr = t.column("RemotePortDescr");
    if (local < 0 || port < 0) continue;
    std::vector<model::SwitchLldpNeighbor> out;
    for (const auto& row : t.rows) {
      model::SwitchLldpNeighbor n;
      n.local_port = row.cells[local];
      n.remote_device = device >= 0 ? row.cells[device] : "";
      n.remote_port_id = row.cells[port];
      n.remote_port_descr = descr >= 0 ? row.cells[descr] : "";
      n.from = {"sonic-cli", file + ":" + std::to_string(row.line)};
      if (!n.local_port.empty()) out.push_back(std::move(n));
    }
    return out;
  }
  return fail(file + ": not `show lldp table` output (no LocalPort ... RemotePortID table)",
              "give the output of `show lldp table` on the switch");
}

Expected<std::vector<PfcwdStatRow>> parse_show_pfcwd_stats(std::string_view text, const std::string& file) {
  for (const auto& t : read_simple_tables(text)) {
    const int queue = t.column("QUEUE"), status = t.column("STATUS"), storms = t.column("STORM DETECTED/RESTORED");
    if (queue < 0 || status < 0 || storms < 0) continue;
    std::vector<PfcwdStatRow> out;
    for (const auto& row : t.rows) {
      const std::string& q = row.cells[queue];
      const auto colon = q.rfind(':');
      const auto slash = row.cells[storms].find('/');
      if (colon == std::string::npos || slash == std::string::npos) continue;
      auto index = parse_unsigned(q.substr(colon + 1));
      auto detected = parse_unsigned(row.cells[storms].substr(0, slash));
      auto restored = parse_unsigned(row.cells[storms].substr(slash + 1));
      if (!index || *index > 15 || !detected || !restored) continue;
      PfcwdStatRow r;
      r.port = q.substr(0, colon);
      r.queue.queue = static_cast<int>(*index);
      r.queue.status = row.cells[status];
      r.queue.storms_detected = *detected;
      r.queue.storms_restored = *restored;
      r.queue.from = {"sonic-cli", file + ":" + std::to_string(row.line)};
      out.push_back(std::move(r));
    }
    return out;
  }
  return fail(file + ": not `show pfcwd stats` output (no QUEUE STATUS \"STORM DETECTED/RESTORED\" table)",
              "give the output of `show pfcwd stats` on the switch");
}

Expected<std::vector<PfcCounterRow>> parse_show_pfc_counters(std::string_view text, const std::string& file) {
  std::vector<PfcCounterRow> out;
  bool found = false;
  for (const auto& t : read_simple_tables(text)) {
    const int rx = t.column("Port Rx"), tx = t.column("Port Tx");
    if ((rx < 0 && tx < 0) || t.column("PFC0") < 0) continue;
    found = true;
    std::string since;
    for (const auto& line : t.preamble)
      if (line.rfind("Last cached time was ", 0) == 0) since = line.substr(21);
    for (const auto& row : t.rows) {
      PfcCounterRow r;
      r.port = row.cells[rx >= 0 ? rx : tx];
      r.tx = tx >= 0;
      r.since = since;
      r.from = {"sonic-cli", file + ":" + std::to_string(row.line)};
      for (int p = 0; p < 8; ++p) {
        const int c = t.column("PFC" + std::to_string(p));
        if (c >= 0) r.frames[p] = parse_unsigned(row.cells[c]);
      }
      if (!r.port.empty()) out.push_back(std::move(r));
    }
  }
  if (!found)
    return fail(file + ": not `show pfc counters` output (no \"Port Rx\" or \"Port Tx\" table with PFC0..PFC7)",
                "give the output of `show pfc counters` on the switch");
  return out;
}

Expected<std::vector<QueueCounterRow>> parse_show_queue_counters(std::string_view text, const std::string& file) {
  std::vector<QueueCounterRow> out;
  bool found = false;
  for (const auto& t : read_simple_tables(text)) {
    const int port = t.column("Port"), txq = t.column("TxQ");
    const int pkts = t.column("Counter/pkts"), drops = t.column("Drop/pkts"), marked = t.column("EcnMarked/pkts");
    if (port < 0 || txq < 0 || (pkts < 0 && marked < 0)) continue;
    found = true;
    for (const auto& row : t.rows) {
      const std::string& q = row.cells[txq];
      if (q.rfind("UC", 0) != 0) continue;
      auto index = parse_unsigned(q.substr(2));
      if (!index || *index > 63) continue;
      QueueCounterRow r;
      r.port = row.cells[port];
      r.queue = static_cast<int>(*index);
      if (pkts >= 0) r.tx_packets = parse_unsigned(row.cells[pkts]);
      if (drops >= 0) r.drop_packets = parse_unsigned(row.cells[drops]);
      if (marked >= 0) r.ecn_marked_packets = parse_unsigned(row.cells[marked]);
      r.from = {"sonic-cli", file + ":" + std::to_string(row.line)};
      out.push_back(std::move(r));
    }
  }
  if (!found)
    return fail(file + ": not `show queue counters` or `show queue wredcounters` output (no Port TxQ table)",
                "give the output of `show queue counters` or `show queue wredcounters` on the switch");
  return out;
}

}  // namespace roce::switches
