// Reading SONiC's CLI tables (`show lldp table`, `show pfcwd stats|config`, the counter tables).
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
    const int bytes = t.column("Counter/bytes");
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
      if (bytes >= 0) r.tx_bytes = parse_unsigned(row.cells[bytes]);
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

namespace {

std::string at_line(const std::string& file, std::size_t line) { return file + ":" + std::to_string(line); }

}  // namespace

Expected<std::vector<PfcwdConfigRow>> parse_show_pfcwd_config(std::string_view text, const std::string& file) {
  for (const auto& t : read_simple_tables(text)) {
    const int port = t.column("PORT"), action = t.column("ACTION"), detection = t.column("DETECTION TIME"),
              restoration = t.column("RESTORATION TIME"), history = t.column("HISTORY");
    if (port < 0 || action < 0 || detection < 0 || restoration < 0) continue;
    std::vector<PfcwdConfigRow> out;
    for (const auto& row : t.rows) {
      PfcwdConfigRow r;
      r.port = row.cells[port];
      r.from = {"sonic-cli", at_line(file, row.line)};
      r.watchdog.action = row.cells[action];
      auto ms = [&](int c) -> Expected<std::optional<std::uint32_t>> {
        const std::string& cell = row.cells[c];
        if (cell.empty() || cell == "N/A") return std::optional<std::uint32_t>{};
        auto v = parse_unsigned(cell);
        if (!v || *v > 3600000)
          return fail(r.from.locator + ": " + t.header[c] + " \"" + cell + "\" is not milliseconds",
                      "give the output of `show pfcwd config` as the switch printed it");
        return std::optional<std::uint32_t>(static_cast<std::uint32_t>(*v));
      };
      auto d = ms(detection), rs = ms(restoration);
      if (!d) return fail(std::move(d.error()));
      if (!rs) return fail(std::move(rs.error()));
      r.watchdog.detection_ms = *d;
      r.watchdog.restoration_ms = *rs;
      if (history >= 0) r.watchdog.history = row.cells[history];
      if (!r.port.empty()) out.push_back(std::move(r));
    }
    return out;
  }
  return fail(file + ": not `show pfcwd config` output (no PORT ACTION \"DETECTION TIME\" \"RESTORATION TIME\" table)",
              "give the output of `show pfcwd config` on the switch");
}

Expected<std::vector<InterfaceCounterRow>> parse_show_interfaces_counters(std::string_view text,
                                                                          const std::string& file) {
  for (const auto& t : read_simple_tables(text)) {
    // The default layout, and those of `counters errors` (no RX_OK/TX_OK), `counters rates` and
    // `show dropcounters counts` (RX_DROPS/TX_DROPS and the configured drop counters).
    const int iface = t.column("IFACE"), state = t.column("STATE");
    const bool counts = t.column("RX_OK") >= 0 || t.column("TX_OK") >= 0 || t.column("RX_DRP") >= 0 ||
                        t.column("TX_DRP") >= 0 || t.column("RX_DROPS") >= 0 || t.column("TX_DROPS") >= 0;
    if (iface < 0 || state < 0 || !counts) continue;
    std::vector<InterfaceCounterRow> out;
    for (const auto& row : t.rows) {
      InterfaceCounterRow r;
      r.port = row.cells[iface];
      r.state = row.cells[state];
      r.from = {"sonic-cli", at_line(file, row.line)};
      auto get = [&](const char* name) -> std::optional<std::uint64_t> {
        const int c = t.column(name);
        return c >= 0 ? parse_unsigned(row.cells[c]) : std::nullopt;
      };
      auto& c = r.counters;
      c.rx_ok = get("RX_OK");
      c.rx_err = get("RX_ERR");
      c.rx_drop = t.column("RX_DRP") >= 0 ? get("RX_DRP") : get("RX_DROPS");
      c.rx_oversize = get("RX_OVR");
      c.tx_ok = get("TX_OK");
      c.tx_err = get("TX_ERR");
      c.tx_drop = t.column("TX_DRP") >= 0 ? get("TX_DRP") : get("TX_DROPS");
      c.tx_oversize = get("TX_OVR");
      if (!r.port.empty()) out.push_back(std::move(r));
    }
    return out;
  }
  return fail(file + ": not `show interfaces counters` output (no IFACE STATE table with RX_OK, TX_OK or drop columns)",
              "give the output of `show interfaces counters` on the switch");
}

Expected<std::vector<PgWatermarkRow>> parse_show_pg_watermark(std::string_view text, const std::string& file) {
  std::vector<PgWatermarkRow> out;
  bool found = false;
  for (const auto& t : read_simple_tables(text)) {
    const int port = t.column("Port");
    if (port < 0 || t.column("PG0") < 0) continue;
    found = true;
    std::optional<bool> headroom;
    for (const auto& line : t.preamble) {
      if (line.rfind("Ingress headroom per PG:", 0) == 0) headroom = true;
      if (line.rfind("Ingress shared pool occupancy per PG:", 0) == 0) headroom = false;
    }
    if (!headroom)
      return fail(at_line(file, t.header_line) +
                      ": a priority-group watermark table without its title (\"Ingress headroom per PG:\" or "
                      "\"Ingress shared pool occupancy per PG:\")",
                  "give the whole output of `show priority-group watermark headroom` or `... shared`");
    for (const auto& row : t.rows) {
      PgWatermarkRow r;
      r.port = row.cells[port];
      r.headroom = *headroom;
      r.from = {"sonic-cli", at_line(file, row.line)};
      for (int pg = 0; pg < 64; ++pg) {
        const int c = t.column("PG" + std::to_string(pg));
        if (c < 0) break;
        const std::string& cell = row.cells[c];
        if (cell == "N/A" || cell.empty()) {
          r.bytes.push_back(std::nullopt);
          continue;
        }
        auto v = parse_unsigned(cell);
        if (!v)
          return fail(r.from.locator + ": PG" + std::to_string(pg) + " \"" + cell + "\" is not bytes",
                      "give the output of `show priority-group watermark` as the switch printed it");
        r.bytes.push_back(*v);
      }
      if (!r.port.empty()) out.push_back(std::move(r));
    }
  }
  if (!found)
    return fail(file + ": not `show priority-group watermark` output (no Port PG0 ... table)",
                "give the output of `show priority-group watermark headroom` or `... shared` on the switch");
  return out;
}

}  // namespace roce::switches
