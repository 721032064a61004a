// Fabric hosts as mlx5 samples, through the simulated host's Host builder.
#include "sim/fabric_host_sample.hpp"

#include <algorithm>
#include <cmath>

#include "sim/lossless_counters.hpp"
#include "sim/sim_host.hpp"
#include "sim/sim_model.hpp"

namespace roce::sim {
namespace {

std::uint64_t whole(double v) { return v <= 0 ? 0 : static_cast<std::uint64_t>(std::floor(v)); }
std::uint64_t frames(double bytes) { return whole(bytes / kRoceFrameBytes); }
std::string prio(const char* before, int p, const char* after) {
  return std::string(before) + std::to_string(p) + after;
}

SimPort port_config(const FabricPort& fp, std::uint32_t mtu, std::uint8_t pfc) {
  SimPort p;
  p.netdev = fp.name;
  p.rdma = "mlx5_0";
  p.speed_mbps = fp.speed_mbps;
  p.cable_m = fp.cable_m;
  p.mtu = mtu;
  p.trust = "dscp";
  p.dscp_prio = {{26, 3}, {48, 6}};
  p.pfc_en = pfc;
  p.pfc_delay = static_cast<std::uint16_t>(fp.cable_m);
  for (int q = 0; q < 8; ++q) {
    p.buffer.prio2buffer[q] = (pfc >> q) & 1;
    p.ets.prio_tc[q] = static_cast<std::uint8_t>(q);
    p.ets.tc_tsa[q] = 2;  // ETS
    p.ets.tc_tx_bw[q] = q < 4 ? 13 : 12;
  }
  p.ets.ets_cap = 8;
  p.buffer.buffer_size = {130944, 262016, 0, 0, 0, 0, 0, 0};
  p.buffer.total_size = 1027968;
  p.ecn_np = p.ecn_rp = 0xff;
  return p;
}

}  // namespace

HostSampleBuilder::HostSampleBuilder(const Fabric& fabric, std::vector<int> global_pause_hosts, std::string source)
    : fabric_(fabric),
      global_(std::move(global_pause_hosts)),
      source_(std::move(source)),
      gauges_(fabric.nodes.size()) {}

model::Host HostSampleBuilder::sample(int host, double true_s, const double* row, std::int64_t unix_ms) {
  const FabricNode& node = fabric_.nodes.at(host);
  const bool global = std::find(global_.begin(), global_.end(), host) != global_.end();
  SimModel m;
  m.hostname = node.name;
  m.kernel = "6.8.0-49-generic";
  m.start_unix_ms = unix_ms;
  SimPort p = port_config(node.ports.at(0), fabric_.mtu, global ? 0 : fabric_.lossless);

  auto& c = p.counters;
  double rx = 0, tx = 0, discards = 0, marked = 0;
  for (int q = 0; q < slot::kPrios; ++q) {
    c[prio("rx_prio", q, "_bytes")] = whole(row[slot::rx_bytes + q]);
    c[prio("tx_prio", q, "_bytes")] = whole(row[slot::tx_bytes + q]);
    c[prio("rx_prio", q, "_packets")] = frames(row[slot::rx_bytes + q]);
    c[prio("tx_prio", q, "_packets")] = frames(row[slot::tx_bytes + q]);
    c[prio("rx_prio", q, "_pause")] = whole(row[slot::rx_pause + q]);
    c[prio("tx_prio", q, "_pause")] = whole(row[slot::tx_pause + q]);
    c[prio("rx_prio", q, "_pause_duration")] = whole(row[slot::rx_pause_us + q]);
    c[prio("tx_prio", q, "_pause_duration")] = whole(row[slot::tx_pause_us + q]);
    c[prio("rx_prio", q, "_pause_transition")] = whole(row[slot::rx_pause_transitions + q]);
    c[prio("rx_prio", q, "_discards")] = frames(row[slot::rx_discard_bytes + q]);
    rx += row[slot::rx_bytes + q];
    tx += row[slot::tx_bytes + q];
    discards += row[slot::rx_discard_bytes + q];
    marked += row[slot::ecn_marked_bytes + q];
  }
  c["rx_vport_rdma_unicast_bytes"] = c["rx_bytes_phy"] = whole(rx);
  c["tx_vport_rdma_unicast_bytes"] = c["tx_bytes_phy"] = whole(tx);
  c["rx_vport_rdma_unicast_packets"] = c["rx_packets_phy"] = frames(rx);
  c["tx_vport_rdma_unicast_packets"] = c["tx_packets_phy"] = frames(tx);
  c["rx_discards_phy"] = frames(discards);
  c["out_of_buffer"] = whole(row[slot::out_of_buffer]);
  c["np_ecn_marked_roce_packets"] = frames(marked);
  c["np_cnp_sent"] = whole(row[slot::cnp_sent]);
  c["rp_cnp_handled"] = whole(row[slot::cnp_handled]);

  // outbound_pci_stalled_wr is a gauge over the last second; its _events count the seconds above 30 %.
  Gauge& g = gauges_[host];
  double percent = 0;
  if (g.last_s >= 0 && true_s > g.last_s)
    percent = std::clamp((row[slot::pcie_stall_us] - g.last_stall_us) / ((true_s - g.last_s) * 1e4), 0.0, 100.0);
  if (percent > 30) ++g.events;
  g.last_s = true_s;
  g.last_stall_us = row[slot::pcie_stall_us];
  c["outbound_pci_stalled_wr"] = whole(percent);
  c["outbound_pci_stalled_wr_events"] = g.events;

  m.ports.push_back(std::move(p));
  model::Host h = build_host(m, source_);
  h.time_unix_ms = unix_ms;
  h.monotonic_ns = 1'000'000'000 + static_cast<std::int64_t>(true_s * 1e9);  // one clock per host, not skewed

  // 802.3x counters: the MAC control group always, the global pause group while global pause is on.
  model::NetDev& nd = h.netdevs.at(0);
  nd.mac = model::Field<std::string>::of(node.ports[0].mac, nd.mac.from);  // what its switch's LLDP table shows
  auto& stats = nd.ethtool_stats->entries;
  const std::uint64_t gtx = whole(row[slot::global_tx_pause]), grx = whole(row[slot::global_rx_pause]);
  stats.emplace_back("rx_pause_ctrl_phy", grx);
  stats.emplace_back("tx_pause_ctrl_phy", gtx);
  if (global) {
    stats.emplace_back("rx_global_pause", grx);
    stats.emplace_back("rx_global_pause_duration", whole(row[slot::global_rx_pause_us]));
    stats.emplace_back("tx_global_pause", gtx);
    stats.emplace_back("tx_global_pause_duration", whole(row[slot::global_tx_pause_us]));
    stats.emplace_back("rx_global_pause_transition", whole(row[slot::global_rx_pause_transitions]));
    nd.pause = model::Field<model::PauseParams>::of({false, true, true, gtx, grx}, nd.pause.from);
  }
  return h;
}

}  // namespace roce::sim
