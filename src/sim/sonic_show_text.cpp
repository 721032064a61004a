// SONiC CLI layouts from plain rows.
#include "sim/sonic_show_text.hpp"

#include <algorithm>
#include <cstdio>

namespace roce::sim {
namespace {

std::string pad(const std::string& s, std::size_t width, bool right) {
  if (s.size() >= width) return s;
  return right ? std::string(width - s.size(), ' ') + s : s + std::string(width - s.size(), ' ');
}

std::string fixed2(double v) {
  char b[64];
  std::snprintf(b, sizeof b, "%.2f", v);
  return b;
}

}  // namespace

std::string tabulate_simple(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                            bool right_align) {
  std::vector<std::size_t> width;
  for (const auto& h : header) width.push_back(h.size() + 2);  // tabulate's MIN_PADDING with headers
  for (const auto& r : rows)
    for (std::size_t i = 0; i < r.size() && i < width.size(); ++i) width[i] = std::max(width[i], r[i].size());
  auto line = [&](const std::vector<std::string>& cells) {
    std::string out;
    for (std::size_t i = 0; i < width.size(); ++i) {
      if (i) out += "  ";
      out += pad(i < cells.size() ? cells[i] : "", width[i], right_align);
    }
    return out + "\n";
  };
  std::string out = line(header);
  for (std::size_t i = 0; i < width.size(); ++i) out += (i ? "  " : "") + std::string(width[i], '-');
  out += "\n";
  for (const auto& r : rows) out += line(r);
  return out;
}

std::string with_commas(std::uint64_t v) {
  std::string digits = std::to_string(v), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string byte_rate_text(double rate) {
  if (rate > 1000.0 * 1000 * 10) return fixed2(rate / 1000 / 1000) + " MB/s";
  if (rate > 1000.0 * 10) return fixed2(rate / 1000) + " KB/s";
  return fixed2(rate) + " B/s";
}

std::string utilisation_text(double bytes_per_s, std::uint32_t speed_mbps) {
  return fixed2(bytes_per_s / (speed_mbps * 1000.0 * 1000 / 8) * 100) + "%";
}

std::string show_pfc_counters(const std::vector<SonicPortCounters>& ports) {
  std::string out;
  for (bool rx : {true, false}) {
    std::vector<std::string> header = {rx ? "Port Rx" : "Port Tx"};
    for (int p = 0; p < 8; ++p) header.push_back("PFC" + std::to_string(p));
    std::vector<std::vector<std::string>> rows;
    for (const auto& port : ports) {
      std::vector<std::string> row = {port.name};
      for (int p = 0; p < 8; ++p) row.push_back(with_commas(rx ? port.pfc_rx[p] : port.pfc_tx[p]));
      rows.push_back(std::move(row));
    }
    out += tabulate_simple(header, rows, true);
    if (rx) out += "\n";
  }
  return out;
}

namespace {

std::string queue_tables(const std::vector<SonicPortCounters>& ports, bool wred) {
  const std::vector<std::string> header =
      wred ? std::vector<std::string>{"Port",           "TxQ", "WredDrp/pkts", "WredDrp/bytes", "EcnMarked/pkts",
                                      "EcnMarked/bytes"}
           : std::vector<std::string>{"Port", "TxQ", "Counter/pkts", "Counter/bytes", "Drop/pkts", "Drop/bytes"};
  std::string out;
  for (const auto& port : ports) {
    std::vector<std::vector<std::string>> rows;
    for (const char* kind : {"UC", "MC"})
      for (int q = 0; q < 8; ++q) {
        const bool uc = kind[0] == 'U';
        auto v = [&](const std::array<std::uint64_t, 8>& a) { return std::to_string(uc ? a[q] : 0); };
        if (wred)
          rows.push_back({port.name, kind + std::to_string(q), "0", "0", v(port.ecn_packets), v(port.ecn_bytes)});
        else
          rows.push_back({port.name, kind + std::to_string(q), v(port.queue_packets), v(port.queue_bytes),
                          v(port.queue_drop_packets), v(port.queue_drop_bytes)});
      }
    out += tabulate_simple(header, rows, true) + "\n";
  }
  return out;
}

}  // namespace

std::string show_queue_counters(const std::vector<SonicPortCounters>& ports) { return queue_tables(ports, false); }
std::string show_queue_wredcounters(const std::vector<SonicPortCounters>& ports) { return queue_tables(ports, true); }

std::string show_interfaces_counters(const std::vector<SonicPortCounters>& ports) {
  const std::vector<std::string> header = {"IFACE",  "STATE", "RX_OK",  "RX_BPS",  "RX_UTIL", "RX_ERR", "RX_DRP",
                                           "RX_OVR", "TX_OK", "TX_BPS", "TX_UTIL", "TX_ERR",  "TX_DRP", "TX_OVR"};
  std::vector<std::vector<std::string>> rows;
  for (const auto& p : ports)
    rows.push_back({p.name, "U", with_commas(p.rx_ok), byte_rate_text(p.rx_bytes_per_s),
                    utilisation_text(p.rx_bytes_per_s, p.speed_mbps), "0", with_commas(p.rx_drop), "0",
                    with_commas(p.tx_ok), byte_rate_text(p.tx_bytes_per_s),
                    utilisation_text(p.tx_bytes_per_s, p.speed_mbps), "0", with_commas(p.tx_drop), "0"});
  return tabulate_simple(header, rows, true);
}

std::string show_lldp_table(const std::vector<SonicLldpRow>& rows) {
  std::vector<std::vector<std::string>> cells;
  for (const auto& r : rows)
    cells.push_back({r.local_port, r.remote_device, r.remote_port_id, r.capability, r.remote_port_descr});
  return "Capability codes: (R) Router, (B) Bridge, (O) Other\n" +
         tabulate_simple({"LocalPort", "RemoteDevice", "RemotePortID", "Capability", "RemotePortDescr"}, cells, false) +
         std::string(50, '-') + "\nTotal entries displayed:  " + std::to_string(rows.size()) + "\n";
}

}  // namespace roce::sim
