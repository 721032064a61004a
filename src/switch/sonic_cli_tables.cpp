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

}  // namespace roce::switches
