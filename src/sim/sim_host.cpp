#include "sim/sim_host.hpp"

#include <cstdio>

#include "sim/sim_physics.hpp"

namespace roce::sim {
namespace {

using model::Field;
using model::Provenance;

// mlx5 ethtool -S names the simulator fills, in the driver's group order (research/formats.md §1.2);
// the per-priority PFC names are added only for PFC-enabled priorities, as mlx5 does.
constexpr const char* kPortCounters[] = {"rx_out_of_buffer",
                                         "rx_vport_rdma_unicast_packets",
                                         "rx_vport_rdma_unicast_bytes",
                                         "tx_vport_rdma_unicast_packets",
                                         "tx_vport_rdma_unicast_bytes",
                                         "tx_packets_phy",
                                         "rx_packets_phy",
                                         "rx_crc_errors_phy",
                                         "tx_bytes_phy",
                                         "rx_bytes_phy",
                                         "rx_discards_phy",
                                         "tx_discards_phy",
                                         "tx_errors_phy",
                                         "link_down_events_phy",
                                         "rx_pcs_symbol_err_phy",
                                         "rx_corrected_bits_phy",
                                         "rx_err_lane_0_phy",
                                         "rx_err_lane_1_phy",
                                         "rx_err_lane_2_phy",
                                         "rx_err_lane_3_phy",
                                         "outbound_pci_buffer_overflow",
                                         "outbound_pci_stalled_rd",
                                         "outbound_pci_stalled_wr",
                                         "outbound_pci_stalled_rd_events",
                                         "outbound_pci_stalled_wr_events"};
constexpr const char* kHwCounters[] = {"rx_write_requests",     "rx_read_requests",    "rx_atomic_requests",
                                       "out_of_buffer",         "out_of_sequence",     "duplicate_request",
                                       "rnr_nak_retry_err",     "packet_seq_err",      "implied_nak_seq_err",
                                       "local_ack_timeout_err", "roce_adp_retrans",    "roce_adp_retrans_to",
                                       "rp_cnp_ignored",        "rp_cnp_handled",      "np_ecn_marked_roce_packets",
                                       "np_cnp_sent",           "rx_icrc_encapsulated"};

std::uint64_t counter(const SimPort& p, const std::string& name) {
  auto it = p.counters.find(name);
  return it == p.counters.end() ? 0 : it->second;
}

model::CounterSet ethtool_stats(const SimPort& p) {
  model::CounterSet c;
  auto add = [&](const std::string& name) { c.entries.emplace_back(name, counter(p, name)); };
  for (const char* name : kPortCounters) add(name);
  for (int q = 0; q < model::kPriorities; ++q) {
    const std::string pp = "prio" + std::to_string(q);
    for (const char* s : {"rx_%_bytes", "rx_%_packets", "rx_%_discards", "tx_%_bytes", "tx_%_packets"}) {
      std::string name = s;
      add(name.replace(name.find('%'), 1, pp));
    }
  }
  for (int q = 0; q < model::kPriorities; ++q) {
    if (!((p.pfc_en >> q) & 1)) continue;
    const std::string pp = "prio" + std::to_string(q);
    for (const char* s :
         {"rx_%_pause", "rx_%_pause_duration", "tx_%_pause", "tx_%_pause_duration", "rx_%_pause_transition"}) {
      std::string name = s;
      add(name.replace(name.find('%'), 1, pp));
    }
  }
  add("tx_pause_storm_warning_events");
  add("tx_pause_storm_error_events");
  for (int q = 0; q < model::kPriorities; ++q) {
    const std::string pp = "prio" + std::to_string(q);
    for (const char* s : {"rx_%_buf_discard", "rx_%_cong_discard", "rx_%_marked"}) {
      std::string name = s;
      add(name.replace(name.find('%'), 1, pp));
    }
  }
  return c;
}

model::Dcb dcb(const SimPort& p, const Provenance& from) {
  model::Dcb d;
  d.dcbx = Field<std::uint8_t>::of(0x09, from);  // HOST | VER_IEEE
  model::Pfc pfc;
  pfc.pfc_cap = 8;
  pfc.pfc_en = p.pfc_en;
  pfc.delay = p.pfc_delay;
  for (int q = 0; q < model::kPriorities; ++q) {
    pfc.requests[q] = counter(p, "tx_prio" + std::to_string(q) + "_pause");
    pfc.indications[q] = counter(p, "rx_prio" + std::to_string(q) + "_pause");
  }
  d.pfc = Field<model::Pfc>::of(pfc, from);
  d.ets = Field<model::Ets>::of(p.ets, from);
  const std::vector<model::AppEntry> app = dscp_app_table(p);
  d.app = Field<std::vector<model::AppEntry>>::of(app, from);
  d.apptrust = p.apptrust ? Field<std::vector<std::uint8_t>>::of(*p.apptrust, from)
                          : model::missing_from_errno<std::vector<std::uint8_t>>(
                                EOPNOTSUPP, "dcbnl: " + p.netdev + " apptrust (not in the model)", from);
  d.buffer = Field<model::Buffer>::of(p.buffer, from);
  d.maxrate = Field<model::PerPrio<std::uint64_t>>::of({}, from);
  return d;
}

model::NetDev netdev(const SimPort& p, std::size_t index, const Provenance& from) {
  model::NetDev nd;
  nd.name = p.netdev;
  nd.ifindex = Field<std::uint32_t>::of(static_cast<std::uint32_t>(index + 2), from);
  nd.mtu = Field<std::uint32_t>::of(p.mtu, from);
  nd.operstate = Field<std::string>::of("up", from);
  char mac[32];
  std::snprintf(mac, sizeof mac, "0c:42:a1:00:00:%02zx", index & 0xff);
  nd.mac = Field<std::string>::of(mac, from);
  nd.addresses = Field<std::vector<std::string>>::of({"172.19.0." + std::to_string(10 + index) + "/24"}, from);
  nd.carrier_changes = Field<std::uint64_t>::of(2, from);
  nd.stats = Field<model::LinkStats64>::of({}, from);  // RoCE bypasses the kernel stack
  const std::string pci = "0000:b1:00." + std::to_string(index);
  nd.driver = Field<model::DriverInfo>::of({p.driver, "sim", "22.39.1002 (MT_0000000359)", pci}, from);
  nd.link = Field<model::LinkSettings>::of({p.speed_mbps, "full", true, 4}, from);
  nd.pause = Field<model::PauseParams>::of({false, false, false, 0, 0}, from);
  nd.pfc_prevention_tout_ms = Field<std::uint32_t>::of(100, from);
  nd.module_cable_m = Field<std::uint32_t>::of(p.cable_m, from);
  nd.pci_address = Field<std::string>::of(pci, from);
  nd.pcie = Field<model::PcieLink>::of({"16.0 GT/s PCIe", "16.0 GT/s PCIe", 16, 16}, from);
  nd.trust = Field<std::string>::of(p.trust, from);
  model::NicEcn ecn;
  for (int q = 0; q < model::kPriorities; ++q) {
    ecn.np[q] = Field<bool>::of((p.ecn_np >> q) & 1, from);
    ecn.rp[q] = Field<bool>::of((p.ecn_rp >> q) & 1, from);
  }
  nd.ecn = Field<model::NicEcn>::of(ecn, from);
  nd.dcb = dcb(p, from);
  model::Qdisc mq;
  mq.kind = "mq";
  mq.parent = 0xffffffff;
  nd.qdiscs = Field<std::vector<model::Qdisc>>::of({mq}, from);
  nd.ethtool_stats = Field<model::CounterSet>::of(ethtool_stats(p), from);
  return nd;
}

model::RdmaDevice rdma_device(const SimPort& p, std::size_t index, const Provenance& from) {
  model::RdmaDevice dev;
  dev.name = p.rdma;
  dev.node_type = Field<std::string>::of("CA", from);
  char guid[32];
  std::snprintf(guid, sizeof guid, "0c42:a103:0000:%04zx", index & 0xffff);
  dev.node_guid = Field<std::string>::of(guid, from);
  dev.fw_ver = Field<std::string>::of("22.39.1002", from);
  dev.board_id = Field<std::string>::of("MT_0000000359", from);
  dev.hca_type = Field<std::string>::of("MT4125", from);
  dev.pci_address = Field<std::string>::of("0000:b1:00." + std::to_string(index), from);
  dev.netdevs = Field<std::vector<std::string>>::of({p.netdev}, from);
  dev.port_count = Field<std::uint32_t>::of(1, from);
  model::RdmaPort port;
  port.number = 1;
  port.state = Field<model::PortState>::of({4, "ACTIVE"}, from);
  port.phys_state = Field<model::PortState>::of({5, "LinkUp"}, from);
  const double gbps = p.speed_mbps / 1000.0;
  char rate[48];
  std::snprintf(rate, sizeof rate, "%g Gb/sec (4X)", gbps);
  port.rate = Field<std::string>::of(rate, from);
  port.rate_gbps = Field<double>::of(gbps, from);
  port.link_layer = Field<std::string>::of("Ethernet", from);
  port.netdev = Field<std::string>::of(p.netdev, from);
  port.active_mtu = Field<std::uint32_t>::of(roce_active_mtu(p.mtu), from);
  port.max_mtu = Field<std::uint32_t>::of(4096, from);
  char gid[64];
  std::snprintf(gid, sizeof gid, "0000:0000:0000:0000:0000:ffff:ac13:00%02zx", (10 + index) & 0xff);
  std::vector<model::Gid> gids;
  gids.push_back({0, gid, Field<std::string>::of("IB/RoCE v1", from), Field<std::string>::of(p.netdev, from)});
  gids.push_back({1, gid, Field<std::string>::of("RoCE v2", from), Field<std::string>::of(p.netdev, from)});
  port.gids = Field<std::vector<model::Gid>>::of(gids, from);
  model::CounterSet pma;
  pma.entries = {{"port_xmit_data", counter(p, "tx_bytes_phy") / 4},
                 {"port_rcv_data", counter(p, "rx_bytes_phy") / 4},
                 {"port_xmit_packets", counter(p, "tx_packets_phy")},
                 {"port_rcv_packets", counter(p, "rx_packets_phy")},
                 {"port_xmit_discards", 0},
                 {"symbol_error", 0},
                 {"link_downed", 0}};
  port.counters = Field<model::CounterSet>::of(pma, from);
  model::CounterSet hw;
  for (const char* name : kHwCounters) hw.entries.emplace_back(name, counter(p, name));
  port.hw_counters = Field<model::CounterSet>::of(hw, from);
  dev.ports.push_back(std::move(port));
  return dev;
}

}  // namespace

model::Host build_host(const SimModel& m, const std::string& file) {
  model::Host host;
  host.hostname = m.hostname;
  host.kernel_release = m.kernel;
  host.time_unix_ms = m.start_unix_ms + static_cast<std::int64_t>(m.clock_ns / 1'000'000);
  host.monotonic_ns = 1'000'000'000 + static_cast<std::int64_t>(m.clock_ns);  // never 0 ("unknown")
  host.from = {"sim", "sim:" + file};
  for (std::size_t i = 0; i < m.ports.size(); ++i) {
    const SimPort& p = m.ports[i];
    const Provenance from{"sim", file + " port " + p.netdev};
    host.netdevs.push_back(netdev(p, i, from));
    if (!p.rdma.empty()) host.rdma_devices.push_back(rdma_device(p, i, from));
  }
  return host;
}

}  // namespace roce::sim
