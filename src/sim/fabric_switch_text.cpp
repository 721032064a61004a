// Snapshot blocks, LLDP tables and lldpctl JSON of a simulated fabric.
#include "sim/fabric_switch_text.hpp"

#include <cmath>
#include <cstdio>
#include <ctime>

#include <nlohmann/json.hpp>

#include "sim/fabric_host_sample.hpp"
#include "sim/lossless_counters.hpp"
#include "sim/sonic_show_text.hpp"
#include "util/json_dump.hpp"

namespace roce::sim {
namespace {

std::uint64_t count(double v) { return v <= 0 ? 0 : static_cast<std::uint64_t>(std::floor(v)); }
std::uint64_t packets(double bytes) { return count(bytes / kRoceFrameBytes); }

}  // namespace

std::string date_line(std::int64_t unix_ms) {
  const std::time_t secs = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char day[32], out[48];
  std::strftime(day, sizeof day, "%Y-%m-%dT%H:%M:%S", &tm);
  std::snprintf(out, sizeof out, "%s.%03dZ", day, static_cast<int>(unix_ms % 1000));
  return out;
}

SwitchSnapshotBuilder::SwitchSnapshotBuilder(const Fabric& fabric) : fabric_(fabric), last_(fabric.nodes.size()) {}

std::string SwitchSnapshotBuilder::block(int sw, double true_s, const double* rows, std::int64_t unix_ms) {
  const FabricNode& node = fabric_.nodes.at(sw);
  Last& last = last_[sw];
  const double span = last.s >= 0 && true_s > last.s ? true_s - last.s : 0;
  std::vector<SonicPortCounters> ports;
  std::vector<double> rx_bytes, tx_bytes;
  for (std::size_t i = 0; i < node.ports.size(); ++i) {
    const double* row = rows + i * slot::kCount;
    SonicPortCounters p;
    p.name = node.ports[i].name;
    p.speed_mbps = node.ports[i].speed_mbps;
    double rx = 0, tx = 0, rx_drop = 0, tx_drop = 0;
    for (int q = 0; q < slot::kPrios; ++q) {
      p.pfc_rx[q] = count(row[slot::rx_pause + q]);
      p.pfc_tx[q] = count(row[slot::tx_pause + q]);
      p.queue_bytes[q] = count(row[slot::tx_bytes + q]);
      p.queue_packets[q] = packets(row[slot::tx_bytes + q]);
      p.queue_drop_bytes[q] = count(row[slot::tx_drop_bytes + q]);
      p.queue_drop_packets[q] = packets(row[slot::tx_drop_bytes + q]);
      p.ecn_bytes[q] = count(row[slot::ecn_marked_bytes + q]);
      p.ecn_packets[q] = packets(row[slot::ecn_marked_bytes + q]);
      rx += row[slot::rx_bytes + q];
      tx += row[slot::tx_bytes + q];
      rx_drop += row[slot::rx_discard_bytes + q];
      tx_drop += row[slot::tx_drop_bytes + q];
    }
    p.rx_ok = packets(rx);
    p.tx_ok = packets(tx);
    p.rx_drop = packets(rx_drop);
    p.tx_drop = packets(tx_drop);
    if (span > 0) {
      p.rx_bytes_per_s = (rx - last.rx[i]) / span;
      p.tx_bytes_per_s = (tx - last.tx[i]) / span;
    }
    rx_bytes.push_back(rx);
    tx_bytes.push_back(tx);
    ports.push_back(std::move(p));
  }
  last = {true_s, std::move(rx_bytes), std::move(tx_bytes)};
  return date_line(unix_ms) + "\n" + show_pfc_counters(ports) + show_queue_counters(ports) +
         show_queue_wredcounters(ports) + show_interfaces_counters(ports);
}

std::string switch_lldp_table(const Fabric& fabric, int sw) {
  std::vector<SonicLldpRow> rows;
  for (const FabricPort& p : fabric.nodes.at(sw).ports) {
    if (p.peer_node < 0) continue;
    const FabricNode& peer = fabric.nodes[p.peer_node];
    const FabricPort& far = peer.ports[p.peer_port];
    if (peer.is_switch())
      rows.push_back({p.name, peer.name, far.name, "BR", far.name});
    else
      rows.push_back({p.name, peer.name, far.mac, "O", far.name});  // lldpd: Port ID the MAC, PortDescr the ifname
  }
  return show_lldp_table(rows);
}

std::string host_lldpctl_json(const Fabric& fabric, int host) {
  nlohmann::ordered_json interfaces = nlohmann::ordered_json::object();
  for (const FabricPort& p : fabric.nodes.at(host).ports) {
    if (p.peer_node < 0) continue;
    const FabricNode& sw = fabric.nodes[p.peer_node];
    const FabricPort& far = sw.ports[p.peer_port];
    nlohmann::ordered_json chassis;
    chassis["id"] = {{"type", "mac"}, {"value", sw.ports[0].mac}};
    chassis["descr"] =
        "SONiC Software Version: SONiC.202405.1 - HwSku: Mellanox-SN4700-O8C48 - Distribution: Debian 12.6 - "
        "Kernel: 6.1.0-22-2-amd64";
    chassis["capability"] = nlohmann::ordered_json::array(
        {{{"type", "Bridge"}, {"enabled", true}}, {{"type", "Router"}, {"enabled", true}}});
    nlohmann::ordered_json neighbour;
    neighbour["via"] = "LLDP";
    neighbour["rid"] = "1";
    neighbour["age"] = "12 days, 04:21:07";
    neighbour["chassis"] = {{sw.name, chassis}};
    neighbour["port"] = {{"id", {{"type", "local"}, {"value", far.name}}}, {"descr", far.name}, {"ttl", "120"}};
    interfaces[p.name] = neighbour;
  }
  nlohmann::ordered_json doc;
  doc["lldp"] = {{"interface", interfaces}};
  return util::json_dump(doc, 2) + "\n";
}

}  // namespace roce::sim
