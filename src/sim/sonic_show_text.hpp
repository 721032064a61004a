#pragma once
// The text SONiC's CLI prints for a switch's counters, from plain rows: python tabulate's "simple"
// table (each column as wide as its widest cell or its header plus two, two spaces apart, a dash
// rule under the header) and the layouts of sonic-utilities' scripts: pfcstat (`show pfc counters`:
// the Rx table, an empty line, the Tx table, values with thousands separators), queuestat (`show
// queue counters`: one table per port, UC then MC queues, plain numbers, an empty line after each),
// wredstat (`show queue wredcounters`, the same with WredDrp/EcnMarked), portstat (`show interfaces
// counters`: thousands separators, rates as "653.87 MB/s", utilisation "1.31%"), lldpshow (`show
// lldp table`, left-aligned, with its footer).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace roce::sim {

/// tabulate(rows, header, tablefmt='simple', stralign=right or left), every line ended by '\n'.
std::string tabulate_simple(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                            bool right_align);

std::string with_commas(std::uint64_t v);        // 1201004 -> "1,201,004"
std::string byte_rate_text(double bytes_per_s);  // portstat's format_brate
std::string utilisation_text(double bytes_per_s, std::uint32_t speed_mbps);

struct SonicPortCounters {
  std::string name;
  std::uint32_t speed_mbps = 100000;
  std::array<std::uint64_t, 8> pfc_rx{}, pfc_tx{};
  std::array<std::uint64_t, 8> queue_packets{}, queue_bytes{}, queue_drop_packets{}, queue_drop_bytes{};
  std::array<std::uint64_t, 8> ecn_packets{}, ecn_bytes{};
  std::uint64_t rx_ok = 0, rx_drop = 0, tx_ok = 0, tx_drop = 0;
  double rx_bytes_per_s = 0, tx_bytes_per_s = 0;
};

std::string show_pfc_counters(const std::vector<SonicPortCounters>& ports);
std::string show_queue_counters(const std::vector<SonicPortCounters>& ports);
std::string show_queue_wredcounters(const std::vector<SonicPortCounters>& ports);
std::string show_interfaces_counters(const std::vector<SonicPortCounters>& ports);

struct SonicLldpRow {
  std::string local_port, remote_device, remote_port_id, capability, remote_port_descr;
};
std::string show_lldp_table(const std::vector<SonicLldpRow>& rows);

}  // namespace roce::sim
