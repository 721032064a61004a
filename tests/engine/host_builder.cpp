#include "host_builder.hpp"

#include <algorithm>
#include <stdexcept>

#include "checks/registry.hpp"

namespace roce::testing {
namespace {

using model::Field;
using model::Provenance;

const std::string kIf = "ens1f0np0";
constexpr std::int64_t kBootToSample0Ns = 4LL * 24 * 3600 * 1000000000;  // 4 days of uptime
constexpr std::int64_t kUnixMs0 = 1795000000000;

Provenance dcbnl(const std::string& attr) { return {"dcbnl", kIf + " " + attr}; }
Provenance sysfs(const std::string& path) { return {"sysfs", path}; }

void add(model::CounterSet& s, const std::string& name, std::uint64_t v) { s.entries.emplace_back(name, v); }
std::string p(const char* pre, int n, const char* post) { return pre + std::to_string(n) + post; }

}  // namespace

Mlx5Counters baseline_counters() {
  Mlx5Counters c;
  auto& p0 = c.prio[0];
  p0.rx_bytes = 48213559110, p0.rx_packets = 61204117;
  p0.tx_bytes = 39881200314, p0.tx_packets = 52771903;
  auto& p3 = c.prio[3];
  p3.rx_bytes = 9412338771842, p3.rx_packets = 2288140991;
  p3.tx_bytes = 9377104226517, p3.tx_packets = 2279610445;
  p3.rx_pause = 1204551, p3.rx_pause_duration = 8310227410, p3.rx_pause_transition = 1198004;
  p3.tx_pause = 2881003, p3.tx_pause_duration = 14902118233;
  p3.marked = 10223;
  auto& p6 = c.prio[6];
  p6.rx_bytes = 1987223104, p6.rx_packets = 31050361;
  p6.tx_bytes = 2010448320, p6.tx_packets = 31413255;
  c.rx_vport_rdma_unicast_bytes = 9301100445120, c.rx_vport_rdma_unicast_packets = 2271388120;
  c.tx_vport_rdma_unicast_bytes = 9266815502208, c.tx_vport_rdma_unicast_packets = 2263005917;
  c.rx_out_of_buffer = 1841;  // an old burst at job start; the host keeps up
  c.rx_buffer_passed_thres_phy = 2204;
  c.rx_corrected_bits_phy = 18804;
  c.link_down_events_phy = 1;  // the first link-up after boot
  c.out_of_sequence = 12, c.packet_seq_err = 9, c.local_ack_timeout_err = 3, c.duplicate_request = 4;
  c.implied_nak_seq_err = 2, c.roce_adp_retrans = 6;
  c.rp_cnp_handled = 30118412, c.np_ecn_marked_roce_packets = 31233003, c.np_cnp_sent = 31050361;
  c.rx_write_requests = 1822004511, c.rx_read_requests = 220199;
  return c;
}

Mlx5Counters healthy_counters_60s_later() {
  Mlx5Counters c = baseline_counters();
  auto& p0 = c.prio[0];
  p0.rx_bytes += 61200000, p0.rx_packets += 80144, p0.tx_bytes += 54000000, p0.tx_packets += 71002;
  auto& p3 = c.prio[3];
  p3.rx_bytes += 180000000000, p3.rx_packets += 43900000;
  p3.tx_bytes += 176500000000, p3.tx_packets += 43050000;
  p3.rx_pause += 812, p3.rx_pause_duration += 402118, p3.rx_pause_transition += 806;  // 0.67% of 60 s
  p3.tx_pause += 1433, p3.tx_pause_duration += 611207;                                // 1.0% of 60 s
  p3.marked += 3;
  auto& p6 = c.prio[6];
  p6.rx_bytes += 1850112, p6.rx_packets += 28908, p6.tx_bytes += 1900032, p6.tx_packets += 29688;
  c.rx_vport_rdma_unicast_bytes += 177100000000, c.rx_vport_rdma_unicast_packets += 43200000;
  c.tx_vport_rdma_unicast_bytes += 173800000000, c.tx_vport_rdma_unicast_packets += 42400000;
  c.rx_buffer_passed_thres_phy += 37;
  c.rx_corrected_bits_phy += 211;
  c.rp_cnp_handled += 28911, c.np_ecn_marked_roce_packets += 29912, c.np_cnp_sent += 29688;
  c.rx_write_requests += 34100000;
  return c;
}

model::CounterSet mlx5_ethtool_stats(const Mlx5Counters& c, std::uint8_t pfc_en, bool global_pause,
                                     bool storm_counters) {
  model::CounterSet s;
  std::uint64_t rx_bytes = 0, rx_packets = 0, tx_bytes = 0, tx_packets = 0;
  for (const auto& pc : c.prio) {
    rx_bytes += pc.rx_bytes, rx_packets += pc.rx_packets, tx_bytes += pc.tx_bytes, tx_packets += pc.tx_packets;
  }
  // sw (the netdev's own traffic only: RDMA bypasses it)
  const std::uint64_t sw_rx_bytes = c.prio[0].rx_bytes, sw_tx_bytes = c.prio[0].tx_bytes;
  add(s, "rx_packets", c.prio[0].rx_packets);
  add(s, "rx_bytes", sw_rx_bytes);
  add(s, "tx_packets", c.prio[0].tx_packets);
  add(s, "tx_bytes", sw_tx_bytes);
  add(s, "rx_csum_complete", c.prio[0].rx_packets - 1021);
  add(s, "rx_csum_unnecessary", 0);
  add(s, "tx_queue_stopped", 0);
  add(s, "tx_queue_wake", 0);
  // qcnt, vnic_env
  add(s, "rx_out_of_buffer", c.rx_out_of_buffer);
  add(s, "rx_if_down_packets", 0);
  add(s, "rx_steer_missed_packets", 0);
  // vport
  add(s, "rx_vport_unicast_packets", c.prio[0].rx_packets - 4100);
  add(s, "rx_vport_unicast_bytes", c.prio[0].rx_bytes - 410000);
  add(s, "tx_vport_unicast_packets", c.prio[0].tx_packets - 3900);
  add(s, "tx_vport_unicast_bytes", c.prio[0].tx_bytes - 380000);
  add(s, "rx_vport_multicast_packets", 4100);
  add(s, "rx_vport_multicast_bytes", 410000);
  add(s, "tx_vport_multicast_packets", 3900);
  add(s, "tx_vport_multicast_bytes", 380000);
  add(s, "rx_vport_broadcast_packets", 0);
  add(s, "rx_vport_broadcast_bytes", 0);
  add(s, "tx_vport_broadcast_packets", 0);
  add(s, "tx_vport_broadcast_bytes", 0);
  add(s, "rx_vport_rdma_unicast_packets", c.rx_vport_rdma_unicast_packets);
  add(s, "rx_vport_rdma_unicast_bytes", c.rx_vport_rdma_unicast_bytes);
  add(s, "tx_vport_rdma_unicast_packets", c.tx_vport_rdma_unicast_packets);
  add(s, "tx_vport_rdma_unicast_bytes", c.tx_vport_rdma_unicast_bytes);
  add(s, "rx_vport_rdma_multicast_packets", 0);
  add(s, "rx_vport_rdma_multicast_bytes", 0);
  add(s, "tx_vport_rdma_multicast_packets", 0);
  add(s, "tx_vport_rdma_multicast_bytes", 0);
  // 802_3
  std::uint64_t rx_pause_frames = c.global.rx_pause, tx_pause_frames = c.global.tx_pause;
  for (const auto& pc : c.prio) rx_pause_frames += pc.rx_pause, tx_pause_frames += pc.tx_pause;
  add(s, "tx_packets_phy", tx_packets);
  add(s, "rx_packets_phy", rx_packets);
  add(s, "rx_crc_errors_phy", c.rx_crc_errors_phy);
  add(s, "tx_bytes_phy", tx_bytes);
  add(s, "rx_bytes_phy", rx_bytes);
  add(s, "tx_multicast_phy", 3900);
  add(s, "tx_broadcast_phy", 0);
  add(s, "rx_multicast_phy", 4100);
  add(s, "rx_broadcast_phy", 0);
  add(s, "rx_in_range_len_errors_phy", 0);
  add(s, "rx_out_of_range_len_phy", 0);
  add(s, "rx_oversize_pkts_phy", 0);
  add(s, "rx_symbol_err_phy", 0);
  add(s, "tx_mac_control_phy", tx_pause_frames);
  add(s, "rx_mac_control_phy", rx_pause_frames);
  add(s, "rx_unsupported_op_phy", 0);
  add(s, "rx_pause_ctrl_phy", rx_pause_frames);
  add(s, "tx_pause_ctrl_phy", tx_pause_frames);
  // 2863
  add(s, "rx_discards_phy", c.rx_discards_phy);
  add(s, "tx_discards_phy", c.tx_discards_phy);
  add(s, "tx_errors_phy", 0);
  // 2819
  for (const char* n : {"rx_undersize_pkts_phy", "rx_fragments_phy", "rx_jabbers_phy"}) add(s, n, 0);
  add(s, "rx_64_bytes_phy", c.prio[6].rx_packets + rx_pause_frames);
  add(s, "rx_65_to_127_bytes_phy", c.prio[0].rx_packets / 2);
  add(s, "rx_128_to_255_bytes_phy", c.prio[0].rx_packets / 4);
  add(s, "rx_256_to_511_bytes_phy", c.prio[0].rx_packets / 8);
  add(s, "rx_512_to_1023_bytes_phy", c.prio[0].rx_packets / 16);
  add(s, "rx_1024_to_1518_bytes_phy", c.prio[0].rx_packets / 16);
  add(s, "rx_1519_to_2047_bytes_phy", 0);
  add(s, "rx_2048_to_4095_bytes_phy", 0);
  add(s, "rx_4096_to_8191_bytes_phy", c.prio[3].rx_packets);
  add(s, "rx_8192_to_10239_bytes_phy", 0);
  // phy
  add(s, "link_down_events_phy", c.link_down_events_phy);
  add(s, "rx_pcs_symbol_err_phy", 0);
  add(s, "rx_corrected_bits_phy", c.rx_corrected_bits_phy);
  for (int lane = 0; lane < 4; ++lane) add(s, p("rx_err_lane_", lane, "_phy"), c.rx_corrected_bits_phy / 4 + lane);
  // eth_ext, pcie
  add(s, "rx_buffer_passed_thres_phy", c.rx_buffer_passed_thres_phy);
  add(s, "rx_pci_signal_integrity", 0);
  add(s, "tx_pci_signal_integrity", 0);
  add(s, "outbound_pci_buffer_overflow", 0);
  add(s, "outbound_pci_stalled_rd", 0);
  add(s, "outbound_pci_stalled_wr", 0);
  add(s, "outbound_pci_stalled_rd_events", 0);
  add(s, "outbound_pci_stalled_wr_events", 0);
  // per_prio traffic, then PFC blocks for PFC-enabled priorities, global pause, storm counters
  for (int n = 0; n < 8; ++n) {
    const auto& pc = c.prio[n];
    add(s, p("rx_prio", n, "_bytes"), pc.rx_bytes);
    add(s, p("rx_prio", n, "_packets"), pc.rx_packets);
    add(s, p("rx_prio", n, "_discards"), pc.rx_discards);
    add(s, p("tx_prio", n, "_bytes"), pc.tx_bytes);
    add(s, p("tx_prio", n, "_packets"), pc.tx_packets);
  }
  for (int n = 0; n < 8; ++n) {
    if (!((pfc_en >> n) & 1)) continue;
    const auto& pc = c.prio[n];
    add(s, p("rx_prio", n, "_pause"), pc.rx_pause);
    add(s, p("rx_prio", n, "_pause_duration"), pc.rx_pause_duration);
    add(s, p("tx_prio", n, "_pause"), pc.tx_pause);
    add(s, p("tx_prio", n, "_pause_duration"), pc.tx_pause_duration);
    add(s, p("rx_prio", n, "_pause_transition"), pc.rx_pause_transition);
  }
  if (global_pause) {
    add(s, "rx_global_pause", c.global.rx_pause);
    add(s, "rx_global_pause_duration", c.global.rx_pause_duration);
    add(s, "tx_global_pause", c.global.tx_pause);
    add(s, "tx_global_pause_duration", c.global.tx_pause_duration);
    add(s, "rx_global_pause_transition", c.global.rx_pause_transition);
  }
  if (storm_counters) {
    add(s, "tx_pause_storm_warning_events", c.tx_pause_storm_warning_events);
    add(s, "tx_pause_storm_error_events", c.tx_pause_storm_error_events);
  }
  // pme
  for (const char* n : {"module_unplug", "module_bus_stuck", "module_high_temp", "module_bad_shorted"}) add(s, n, 0);
  // channels (one shown)
  add(s, "ch0_events", c.prio[0].rx_packets / 3);
  add(s, "rx0_packets", c.prio[0].rx_packets);
  add(s, "rx0_bytes", sw_rx_bytes);
  add(s, "tx0_packets", c.prio[0].tx_packets);
  add(s, "tx0_bytes", sw_tx_bytes);
  // per_port_buff_congest
  for (int n = 0; n < 8; ++n) {
    add(s, p("rx_prio", n, "_buf_discard"), c.prio[n].buf_discard);
    add(s, p("rx_prio", n, "_cong_discard"), c.prio[n].cong_discard);
    add(s, p("rx_prio", n, "_marked"), c.prio[n].marked);
  }
  return s;
}

model::CounterSet mlx5_hw_counters(const Mlx5Counters& c) {
  model::CounterSet s;
  add(s, "rx_write_requests", c.rx_write_requests);
  add(s, "rx_read_requests", c.rx_read_requests);
  add(s, "rx_atomic_requests", 0);
  add(s, "rx_dct_connect", 0);
  add(s, "out_of_buffer", c.out_of_buffer);
  add(s, "out_of_sequence", c.out_of_sequence);
  add(s, "duplicate_request", c.duplicate_request);
  add(s, "rnr_nak_retry_err", 0);
  add(s, "packet_seq_err", c.packet_seq_err);
  add(s, "implied_nak_seq_err", c.implied_nak_seq_err);
  add(s, "local_ack_timeout_err", c.local_ack_timeout_err);
  for (const char* n : {"resp_local_length_error", "resp_cqe_error", "req_cqe_error", "req_remote_invalid_request",
                        "req_remote_access_errors", "resp_remote_access_errors", "resp_cqe_flush_error",
                        "req_cqe_flush_error", "req_transport_retries_exceeded", "req_rnr_retries_exceeded"})
    add(s, n, 0);
  add(s, "roce_adp_retrans", c.roce_adp_retrans);
  add(s, "roce_adp_retrans_to", 0);
  add(s, "roce_slow_restart", 0);
  add(s, "roce_slow_restart_cnps", 0);
  add(s, "roce_slow_restart_trans", 0);
  add(s, "rp_cnp_ignored", c.rp_cnp_ignored);
  add(s, "rp_cnp_handled", c.rp_cnp_handled);
  add(s, "np_ecn_marked_roce_packets", c.np_ecn_marked_roce_packets);
  add(s, "np_cnp_sent", c.np_cnp_sent);
  add(s, "rx_icrc_encapsulated", 0);
  return s;
}

model::Host cx6dx_host(const Mlx5Counters& c, std::int64_t monotonic_ns) {
  model::Host h;
  h.hostname = "gpu-a17";
  h.kernel_release = "6.1.0-18-amd64";
  h.monotonic_ns = monotonic_ns;
  h.time_unix_ms = kUnixMs0 + (monotonic_ns - kBootToSample0Ns) / 1000000;
  h.from = {"test", "host_builder cx6dx"};

  model::NetDev nd;
  nd.name = kIf;
  const std::string net = "/sys/class/net/" + kIf;
  nd.ifindex = Field<std::uint32_t>::of(4, {"rtnetlink", kIf + " RTM_NEWLINK"});
  nd.mtu = Field<std::uint32_t>::of(4200, {"rtnetlink", kIf + " IFLA_MTU"});
  nd.operstate = Field<std::string>::of("up", sysfs(net + "/operstate"));
  nd.mac = Field<std::string>::of("0c:42:a1:5d:4d:b8", {"rtnetlink", kIf + " IFLA_ADDRESS"});
  nd.addresses = Field<std::vector<std::string>>::of({"172.19.0.60/24", "fe80::e42:a1ff:fe5d:4db8/64"},
                                                     {"rtnetlink", kIf + " RTM_GETADDR"});
  nd.carrier_changes = Field<std::uint64_t>::of(2, {"rtnetlink", kIf + " IFLA_CARRIER_CHANGES"});
  nd.driver =
      Field<model::DriverInfo>::of({"mlx5_core", "6.1.0-18-amd64", "22.39.1002 (MT_0000000359)", "0000:b1:00.0"},
                                   {"ethtool-ioctl", kIf + " ETHTOOL_GDRVINFO"});
  nd.link = Field<model::LinkSettings>::of({100000, "full", true, 4}, {"ethtool-netlink", kIf + " LINKMODES_GET"});
  nd.pause = Field<model::PauseParams>::of({false, false, false, 0, 0}, {"ethtool-netlink", kIf + " PAUSE_GET"});
  nd.pfc_prevention_tout_ms = Field<std::uint32_t>::of(100, {"ethtool-ioctl", kIf + " ETHTOOL_PFC_PREVENTION_TOUT"});
  nd.module_cable_m =
      Field<std::uint32_t>::missing(model::Availability::unsupported, "module does not report a length (optical)",
                                    {"ethtool-ioctl", kIf + " ETHTOOL_GMODULEEEPROM"});
  nd.pci_address = Field<std::string>::of("0000:b1:00.0", sysfs(net + "/device"));
  nd.pcie = Field<model::PcieLink>::of({"16.0 GT/s PCIe", "16.0 GT/s PCIe", 16, 16},
                                       sysfs(net + "/device/current_link_speed"));
  nd.trust = Field<std::string>::of("dscp", sysfs(net + "/qos/trust"));
  model::NicEcn ecn;
  for (int n = 0; n < 8; ++n) {
    ecn.np[n] = Field<bool>::of(true, sysfs(net + "/ecn/roce_np/enable/" + std::to_string(n)));
    ecn.rp[n] = Field<bool>::of(true, sysfs(net + "/ecn/roce_rp/enable/" + std::to_string(n)));
  }
  nd.ecn = Field<model::NicEcn>::of(ecn, sysfs(net + "/ecn"));

  nd.dcb.dcbx = Field<std::uint8_t>::of(1 | 8, dcbnl("DCB_ATTR_DCBX"));  // HOST | VER_IEEE
  model::Pfc pfc;
  pfc.pfc_cap = 8, pfc.pfc_en = 1 << 3, pfc.mbc = 0, pfc.delay = 7;  // mlx5: cable length in metres
  nd.dcb.pfc = Field<model::Pfc>::of(pfc, dcbnl("DCB_ATTR_IEEE_PFC"));
  model::Ets ets;
  ets.ets_cap = 8;
  ets.prio_tc = {0, 1, 2, 3, 4, 5, 6, 7};
  ets.tc_tsa = {2, 2, 2, 2, 2, 2, 0, 2};  // TC 6 strict (CNP), others ETS
  ets.tc_tx_bw = {50, 0, 0, 50, 0, 0, 0, 0};
  ets.tc_rx_bw = ets.tc_tx_bw;
  nd.dcb.ets = Field<model::Ets>::of(ets, dcbnl("DCB_ATTR_IEEE_ETS"));
  std::vector<model::AppEntry> app;  // mlx5 with DSCP trust exposes all 64 entries: DSCP d -> d >> 3
  for (std::uint16_t d = 0; d < 64; ++d) app.push_back({model::kAppSelDscp, static_cast<std::uint8_t>(d >> 3), d});
  nd.dcb.app = Field<std::vector<model::AppEntry>>::of(app, dcbnl("DCB_ATTR_IEEE_APP_TABLE"));
  nd.dcb.apptrust = Field<std::vector<std::uint8_t>>::missing(model::Availability::unsupported,
                                                              "DCB_ATTR_DCB_APP_TRUST_TABLE: Operation not supported",
                                                              dcbnl("DCB_ATTR_DCB_APP_TRUST_TABLE"));
  model::Buffer buf;
  buf.prio2buffer = {0, 0, 0, 1, 0, 0, 0, 0};
  buf.buffer_size = {130944, 156928, 0, 0, 0, 0, 0, 0};  // firmware-managed sizes, multiples of 128 B cells
  buf.total_size = 1027968;
  nd.dcb.buffer = Field<model::Buffer>::of(buf, dcbnl("DCB_ATTR_DCB_BUFFER"));
  nd.dcb.maxrate = Field<model::PerPrio<std::uint64_t>>::of({}, dcbnl("DCB_ATTR_IEEE_MAXRATE"));
  model::Qdisc mq;
  mq.kind = "mq";
  mq.parent = 0xffffffff;
  nd.qdiscs = Field<std::vector<model::Qdisc>>::of({mq}, {"tc", kIf + " RTM_GETQDISC"});
  nd.ethtool_stats = Field<model::CounterSet>::of(mlx5_ethtool_stats(c, pfc.pfc_en, false),
                                                  {"ethtool-ioctl", kIf + " ETHTOOL_GSTATS"});
  h.netdevs.push_back(std::move(nd));

  model::RdmaDevice dev;
  dev.name = "mlx5_0";
  const std::string ib = "/sys/class/infiniband/mlx5_0";
  dev.node_type = Field<std::string>::of("1: CA", sysfs(ib + "/node_type"));
  dev.node_guid = Field<std::string>::of("0c42:a103:005d:4db8", sysfs(ib + "/node_guid"));
  dev.fw_ver = Field<std::string>::of("22.39.1002", sysfs(ib + "/fw_ver"));
  dev.board_id = Field<std::string>::of("MT_0000000359", sysfs(ib + "/board_id"));
  dev.hca_type = Field<std::string>::of("MT4125", sysfs(ib + "/hca_type"));
  dev.pci_address = Field<std::string>::of("0000:b1:00.0", sysfs(ib + "/device"));
  dev.netdevs = Field<std::vector<std::string>>::of({kIf}, sysfs(ib + "/device/net"));
  model::RdmaPort port;
  port.number = 1;
  const std::string pp = ib + "/ports/1";
  port.state = Field<model::PortState>::of({4, "ACTIVE"}, sysfs(pp + "/state"));
  port.phys_state = Field<model::PortState>::of({5, "LinkUp"}, sysfs(pp + "/phys_state"));
  port.rate = Field<std::string>::of("100 Gb/sec (4X EDR)", sysfs(pp + "/rate"));
  port.rate_gbps = Field<double>::of(100, sysfs(pp + "/rate"));
  port.link_layer = Field<std::string>::of("Ethernet", sysfs(pp + "/link_layer"));
  port.netdev = Field<std::string>::of(kIf, sysfs(pp + "/gid_attrs/ndevs/3"));
  port.active_mtu = Field<std::uint32_t>::of(4096, {"verbs", "mlx5_0 port 1"});
  port.max_mtu = Field<std::uint32_t>::of(4096, {"verbs", "mlx5_0 port 1"});
  std::vector<model::Gid> gids;
  auto gid = [&](std::uint32_t i, const char* g, const char* type) {
    model::Gid x;
    x.index = i;
    x.gid = g;
    x.type = Field<std::string>::of(type, sysfs(pp + "/gid_attrs/types/" + std::to_string(i)));
    x.netdev = Field<std::string>::of(kIf, sysfs(pp + "/gid_attrs/ndevs/" + std::to_string(i)));
    gids.push_back(x);
  };
  gid(0, "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8", "IB/RoCE v1");
  gid(1, "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8", "RoCE v2");
  gid(2, "0000:0000:0000:0000:0000:ffff:ac13:003c", "IB/RoCE v1");
  gid(3, "0000:0000:0000:0000:0000:ffff:ac13:003c", "RoCE v2");
  port.gids = Field<std::vector<model::Gid>>::of(gids, sysfs(pp + "/gids"));
  model::CounterSet pma;
  add(pma, "symbol_error", 0);
  add(pma, "link_error_recovery", 0);
  add(pma, "link_downed", 0);
  add(pma, "port_rcv_errors", 0);
  add(pma, "port_xmit_discards", c.tx_discards_phy);
  std::uint64_t rx_bytes = 0, tx_bytes = 0;
  for (const auto& pc : c.prio) rx_bytes += pc.rx_bytes, tx_bytes += pc.tx_bytes;
  add(pma, "port_xmit_data", tx_bytes / 4);
  add(pma, "port_rcv_data", rx_bytes / 4);
  add(pma, "port_xmit_packets", c.prio[3].tx_packets + c.prio[0].tx_packets + c.prio[6].tx_packets);
  add(pma, "port_rcv_packets", c.prio[3].rx_packets + c.prio[0].rx_packets + c.prio[6].rx_packets);
  add(pma, "port_xmit_wait", c.prio[3].rx_pause_duration / 4);
  port.counters = Field<model::CounterSet>::of(pma, sysfs(pp + "/counters"));
  port.hw_counters = Field<model::CounterSet>::of(mlx5_hw_counters(c), sysfs(pp + "/hw_counters"));
  dev.ports.push_back(std::move(port));
  h.rdma_devices.push_back(std::move(dev));
  return h;
}

void add_second_port(model::Host& h) {
  model::NetDev nd = netdev(h);
  nd.name = "ens1f1np1";
  nd.ifindex = Field<std::uint32_t>::of(5, {"rtnetlink", "ens1f1np1 RTM_NEWLINK"});
  nd.pci_address = Field<std::string>::of("0000:b1:00.1", sysfs("/sys/class/net/ens1f1np1/device"));
  h.netdevs.push_back(std::move(nd));
  model::RdmaDevice dev = h.rdma_devices.at(0);
  dev.name = "mlx5_1";
  dev.netdevs = Field<std::vector<std::string>>::of({"ens1f1np1"}, sysfs("/sys/class/infiniband/mlx5_1/device/net"));
  dev.ports.at(0).netdev =
      Field<std::string>::of("ens1f1np1", sysfs("/sys/class/infiniband/mlx5_1/ports/1/gid_attrs/ndevs/3"));
  h.rdma_devices.push_back(std::move(dev));
}

model::NetDev& netdev(model::Host& h, const std::string& name) {
  for (auto& n : h.netdevs)
    if (n.name == name) return n;
  throw std::logic_error("no netdev " + name);
}

model::RdmaPort& rdma_port(model::Host& h) { return h.rdma_devices.at(0).ports.at(0); }

void set_counter(model::CounterSet& s, const std::string& name, std::uint64_t value) {
  for (auto& [n, v] : s.entries)
    if (n == name) {
      v = value;
      return;
    }
  s.entries.emplace_back(name, value);
}

void remove_counter(model::CounterSet& s, const std::string& name) {
  std::erase_if(s.entries, [&](const auto& e) { return e.first == name; });
}

namespace {
model::Host build(const Scenario& s, const Mlx5Counters& c, std::int64_t mono) {
  model::Host h = cx6dx_host(c, mono);
  if (s.config) {
    s.config(h);
    // The driver prints PFC/global counters for the configuration in force.
    auto& nd = netdev(h);
    if (nd.ethtool_stats.ok() && nd.dcb.pfc.ok()) {
      bool global = nd.pause.ok() && (nd.pause->rx || nd.pause->tx);
      bool storm = std::any_of(nd.ethtool_stats->entries.begin(), nd.ethtool_stats->entries.end(),
                               [](const auto& e) { return e.first == "tx_pause_storm_error_events"; });
      nd.ethtool_stats->entries = mlx5_ethtool_stats(c, nd.dcb.pfc->pfc_en, global, storm).entries;
    }
  }
  return h;
}
}  // namespace

model::Host Scenario::build_before() const { return build(*this, before, kBootToSample0Ns); }
model::Host Scenario::build_now() const {
  return build(*this, now, kBootToSample0Ns + static_cast<std::int64_t>(dt_seconds * 1e9));
}

Scenario healthy_scenario() { return Scenario{}; }

Run::Run(const Scenario& s, profile::Profile p, bool with_before)
    : before(s.build_before()), now(s.build_now()), profile(std::move(p)) {
  engine::Context ctx(now, with_before ? &before : nullptr, with_before ? s.dt_seconds : 0, profile);
  results = checks::run_checks(ctx);
}

const engine::CheckResult& Run::result(std::string_view id) const {
  for (const auto& r : results)
    if (r.id == id) return r;
  throw std::logic_error("no result for " + std::string(id));
}

std::vector<engine::Finding> Run::ranked() const { return engine::ranked_findings(checks::all_checks(), results); }

std::string Run::describe() const {
  std::string s;
  for (const auto& f : ranked())
    s += f.id + " [" + engine::to_string(f.severity) + "] " + f.subject.to_string() + ": " + f.title + "\n";
  for (const auto& r : results)
    if (r.status == engine::CheckResult::Status::skipped) s += r.id + " skipped: " + r.skipped_reason + "\n";
  return s;
}

int Run::warnings_or_worse() const {
  int n = 0;
  for (const auto& f : ranked()) n += f.severity >= engine::Severity::warning;
  return n;
}

}  // namespace roce::testing
