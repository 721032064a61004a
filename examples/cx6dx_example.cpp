#include "examples/cx6dx_example.hpp"

#include <cstdint>
#include <string>

namespace roce::examples {
namespace {

using model::Availability;
using model::Field;
using model::Provenance;

constexpr const char* kIf = "ens1f0np0";
constexpr const char* kPci = "0000:b1:00.0";
constexpr std::int64_t kT0UnixMs = 1764400000000;  // 2025-11-29 07:06:40 UTC
constexpr std::int64_t kT0MonoNs = 873'412'000'000'000;
constexpr std::int64_t kIntervalS = 60;

Provenance sysfs(const std::string& rel) { return {"sysfs", "/sys/" + rel}; }
Provenance net_sysfs(const std::string& attr) { return sysfs(std::string("class/net/") + kIf + "/" + attr); }
Provenance dcbnl(const std::string& attr) { return {"dcbnl", std::string(kIf) + " " + attr}; }
Provenance ethtool(const std::string& what) { return {"ethtool-netlink", std::string(kIf) + " " + what}; }

// What differs between the example hosts: the configuration and the traffic it produces.
struct Shape {
  const char* hostname;
  bool ecn_on_prio3 = true;   // DCQCN notification and reaction points on priority 3
  bool trust_pcp = false;     // the NIC ignores DSCP: RoCE (untagged, PCP 0) lands on priority 0
  std::uint32_t lossless_buffer = 262'016;  // bytes of receive buffer 1 (priority 3)
  // Per second over the window, on priority 3 (the PFC priority).
  std::uint64_t rx_pause = 0, rx_pause_us = 0, tx_pause = 0, tx_pause_us = 0;
  std::uint64_t drops = 0;                   // rx discards on the RoCE priority
  std::uint64_t ecn_marked = 0, cnp_sent = 0, cnp_handled = 0;
  std::uint64_t seq_errors = 0;              // out_of_sequence / packet_seq_err from the drops
  int roce_prio() const { return trust_pcp ? 0 : 3; }
};

Shape shape_of(Cx6dx kind) {
  switch (kind) {
    case Cx6dx::ecn_off:  // congested fabric, no ECN to slow the senders down: PFC carries it all
      return {.hostname = "gpu-node-07", .ecn_on_prio3 = false, .rx_pause = 803, .rx_pause_us = 133'400,
              .tx_pause = 2'531, .tx_pause_us = 37'960};
    case Cx6dx::healthy:  // DCQCN slows the senders: few, short pauses; CNPs both ways on priority 6
      return {.hostname = "gpu-node-03", .rx_pause = 12, .rx_pause_us = 1'900, .tx_pause = 7, .tx_pause_us = 1'100,
              .ecn_marked = 2'410, .cnp_sent = 2'410, .cnp_handled = 2'190};
    case Cx6dx::trust_pcp:  // RoCE on priority 0 without PFC: it drops and retransmits
      return {.hostname = "gpu-node-11", .trust_pcp = true, .drops = 1'850, .ecn_marked = 1'020, .cnp_sent = 1'020,
              .cnp_handled = 880, .seq_errors = 310};
    case Cx6dx::headroom_small:  // PFC pauses, but the buffer fills before the pause takes effect
      return {.hostname = "gpu-node-12", .lossless_buffer = 32'768, .rx_pause = 95, .rx_pause_us = 14'200,
              .tx_pause = 1'480, .tx_pause_us = 21'700, .drops = 640, .ecn_marked = 1'730, .cnp_sent = 1'730,
              .cnp_handled = 1'510, .seq_errors = 118};
  }
  return {.hostname = "unknown"};
}

// Counter values in sample `s`: base + per_second * 60 * s.
struct Growth {
  int s;
  std::uint64_t operator()(std::uint64_t base, std::uint64_t per_second = 0) const {
    return base + per_second * kIntervalS * static_cast<std::uint64_t>(s);
  }
};

// Offered RoCE load on priority 3: ~38 Gb/s received, ~35 Gb/s sent, 4 KiB frames.
constexpr std::uint64_t kRxRoceBps = 4'750'000'000, kTxRoceBps = 4'375'000'000;  // bytes/s
constexpr std::uint64_t kRxRocePps = kRxRoceBps / 4150, kTxRocePps = kTxRoceBps / 4150;

model::CounterSet mlx5_ethtool_stats(const Shape& k, int s) {
  const Growth g{s};
  model::CounterSet c;
  auto add = [&](std::string name, std::uint64_t v) { c.entries.emplace_back(std::move(name), v); };
  // sw: the host (non-RDMA) path only; RoCE bypasses it.
  add("rx_packets", g(81'220'431, 1'200));
  add("rx_bytes", g(9'884'120'553, 150'000));
  add("tx_packets", g(64'118'002, 1'100));
  add("tx_bytes", g(7'402'977'114, 140'000));
  add("tx_tso_packets", g(1'203'114, 10));
  add("tx_tso_bytes", g(3'044'810'220, 60'000));
  add("rx_lro_packets", 0);
  add("rx_ecn_mark", 0);
  add("rx_csum_unnecessary", g(80'114'200, 1'190));
  add("rx_csum_none", g(1'106'231, 10));
  add("tx_csum_partial", g(60'022'114, 1'050));
  add("tx_queue_stopped", 0);
  add("tx_queue_dropped", 0);
  add("rx_wqe_err", 0);
  add("rx_buff_alloc_err", 0);
  add("rx_cache_reuse", g(2'201'774, 40));
  // qcnt, vnic_env
  add("rx_out_of_buffer", 0);
  add("rx_if_down_packets", 0);
  add("rx_steer_missed_packets", 0);
  // vport
  add("rx_vport_unicast_packets", g(81'201'113, 1'200));
  add("rx_vport_unicast_bytes", g(10'212'004'112, 155'000));
  add("tx_vport_unicast_packets", g(64'100'005, 1'100));
  add("tx_vport_unicast_bytes", g(7'660'221'005, 145'000));
  add("rx_vport_multicast_packets", g(19'004, 1));
  add("rx_vport_multicast_bytes", g(1'824'384, 96));
  add("tx_vport_multicast_packets", g(4'411));
  add("tx_vport_multicast_bytes", g(423'456));
  add("rx_vport_broadcast_packets", g(1'201));
  add("rx_vport_broadcast_bytes", g(72'060));
  add("tx_vport_broadcast_packets", g(33));
  add("tx_vport_broadcast_bytes", g(1'980));
  add("rx_vport_rdma_unicast_packets", g(2'190'441'872, kRxRocePps));
  add("rx_vport_rdma_unicast_bytes", g(9'090'333'768'800, kRxRoceBps));
  add("tx_vport_rdma_unicast_packets", g(2'022'184'551, kTxRocePps));
  add("tx_vport_rdma_unicast_bytes", g(8'392'065'886'650, kTxRoceBps));
  add("rx_vport_rdma_multicast_packets", 0);
  add("rx_vport_rdma_multicast_bytes", 0);
  add("tx_vport_rdma_multicast_packets", 0);
  add("tx_vport_rdma_multicast_bytes", 0);
  // 802_3
  add("tx_packets_phy", g(2'086'302'988, kTxRocePps + 1'100));
  add("rx_packets_phy", g(2'271'681'630, kRxRocePps + 1'200));
  add("rx_crc_errors_phy", 0);
  add("tx_bytes_phy", g(8'408'223'510'120, kTxRoceBps + 145'000));
  add("rx_bytes_phy", g(9'109'611'944'502, kRxRoceBps + 155'000));
  add("tx_multicast_phy", g(4'411));
  add("tx_broadcast_phy", g(33));
  add("rx_multicast_phy", g(19'004, 1));
  add("rx_broadcast_phy", g(1'201));
  add("rx_in_range_len_errors_phy", 0);
  add("rx_out_of_range_len_phy", 0);
  add("rx_oversize_pkts_phy", 0);
  add("rx_symbol_err_phy", 0);
  add("tx_mac_control_phy", g(4'120'883, k.tx_pause));
  add("rx_mac_control_phy", g(1'377'120, k.rx_pause));
  add("rx_unsupported_op_phy", 0);
  add("rx_pause_ctrl_phy", 0);
  add("tx_pause_ctrl_phy", 0);
  // 2863
  add("rx_discards_phy", g(0, k.drops));
  add("tx_discards_phy", 0);
  add("tx_errors_phy", 0);
  // 2819
  add("rx_undersize_pkts_phy", 0);
  add("rx_fragments_phy", 0);
  add("rx_jabbers_phy", 0);
  add("rx_64_bytes_phy", g(3'001'442, 410));
  add("rx_65_to_127_bytes_phy", g(58'772'114, 520));
  add("rx_128_to_255_bytes_phy", g(1'904'338, 40));
  add("rx_256_to_511_bytes_phy", g(933'002, 20));
  add("rx_512_to_1023_bytes_phy", g(1'204'766, 30));
  add("rx_1024_to_1518_bytes_phy", g(14'866'021, 180));
  add("rx_1519_to_2047_bytes_phy", g(0));
  add("rx_2048_to_4095_bytes_phy", g(1'200'411));
  add("rx_4096_to_8191_bytes_phy", g(2'189'799'536, kRxRocePps));
  add("rx_8192_to_10239_bytes_phy", 0);
  // phy
  add("link_down_events_phy", 1);
  add("rx_pcs_symbol_err_phy", 0);
  add("rx_corrected_bits_phy", g(1'442, 0));
  add("rx_err_lane_0_phy", g(361));
  add("rx_err_lane_1_phy", g(355));
  add("rx_err_lane_2_phy", g(372));
  add("rx_err_lane_3_phy", g(354));
  // eth_ext
  add("rx_buffer_passed_thres_phy", g(802'113, 911));
  // pcie
  add("rx_pci_signal_integrity", 0);
  add("tx_pci_signal_integrity", 0);
  add("outbound_pci_buffer_overflow", 0);
  add("outbound_pci_stalled_rd", 0);
  add("outbound_pci_stalled_wr", 0);
  add("outbound_pci_stalled_rd_events", 0);
  add("outbound_pci_stalled_wr_events", 0);
  // per_prio traffic: RoCE on its priority, CNPs (64-byte frames) on 6, everything else on 0.
  for (int p = 0; p < 8; ++p) {
    const std::string pp = "prio" + std::to_string(p);
    const bool roce = p == k.roce_prio(), host = p == 0, cnp = p == 6;
    std::uint64_t rx_bytes = 0, rx_packets = 0, tx_bytes = 0, tx_packets = 0;
    if (roce) {
      rx_bytes += g(9'090'333'768'800, kRxRoceBps);
      rx_packets += g(2'190'441'872, kRxRocePps);
      tx_bytes += g(8'392'065'886'650, kTxRoceBps);
      tx_packets += g(2'022'184'551, kTxRocePps);
    }
    if (host) {
      rx_bytes += g(19'278'175'702, 155'000);
      rx_packets += g(81'239'758, 1'201);
      tx_bytes += g(16'157'623'470, 145'000);
      tx_packets += g(64'118'437, 1'100);
    }
    if (cnp) {
      rx_bytes += g(0, k.cnp_handled * 64);
      rx_packets += g(0, k.cnp_handled);
      tx_bytes += g(0, k.cnp_sent * 64);
      tx_packets += g(0, k.cnp_sent);
    }
    add("rx_" + pp + "_bytes", rx_bytes);
    add("rx_" + pp + "_packets", rx_packets);
    add("rx_" + pp + "_discards", roce ? g(0, k.drops) : 0);
    add("tx_" + pp + "_bytes", tx_bytes);
    add("tx_" + pp + "_packets", tx_packets);
  }
  // per_prio PFC: only priority 3 has PFC enabled. The NIC receives pauses from the switch
  // (congested fabric, no ECN to slow the senders down) and sends some when its own buffer fills.
  add("rx_prio3_pause", g(1'377'120, k.rx_pause));
  add("rx_prio3_pause_duration", g(228'114'771, k.rx_pause_us));  // µs; ecn-off: 13.3 % of the time paused
  add("tx_prio3_pause", g(4'120'883, k.tx_pause));
  add("tx_prio3_pause_duration", g(61'003'118, k.tx_pause_us));
  add("rx_prio3_pause_transition", g(688'560, k.rx_pause / 2));
  // pme
  add("module_unplug", 0);
  add("module_bus_stuck", 0);
  add("module_high_temp", 0);
  add("module_bad_shorted", 0);
  // channels (first of 32)
  add("ch0_events", g(9'020'114, 160));
  add("ch0_poll", g(9'144'203, 162));
  add("ch0_arm", g(9'004'877, 160));
  add("rx0_packets", g(2'543'114, 38));
  add("rx0_bytes", g(309'887'002, 4'700));
  add("tx0_packets", g(2'004'311, 35));
  add("tx0_bytes", g(231'774'120, 4'400));
  // per_port_buff_congest
  for (int p = 0; p < 8; ++p) {
    const std::string pp = "prio" + std::to_string(p);
    add("rx_" + pp + "_buf_discard", 0);
    add("rx_" + pp + "_cong_discard", 0);
    add("rx_" + pp + "_marked", p == k.roce_prio() ? g(0, k.ecn_marked) : 0);
  }
  return c;
}

model::CounterSet mlx5_hw_counters(const Shape& k, int s) {
  const Growth g{s};
  model::CounterSet c;
  auto add = [&](std::string name, std::uint64_t v) { c.entries.emplace_back(std::move(name), v); };
  add("rx_write_requests", g(1'884'002'117, 1'050'000));
  add("rx_read_requests", g(2'113'004, 900));
  add("rx_atomic_requests", 0);
  add("rx_dct_connect", 0);
  add("out_of_buffer", 0);
  add("out_of_sequence", g(14, k.seq_errors));
  add("duplicate_request", g(3));
  add("rnr_nak_retry_err", 0);
  add("packet_seq_err", g(11, k.seq_errors));
  add("implied_nak_seq_err", 0);
  add("local_ack_timeout_err", g(2));
  add("resp_local_length_error", 0);
  add("resp_cqe_error", 0);
  add("req_cqe_error", 0);
  add("req_remote_invalid_request", 0);
  add("req_remote_access_errors", 0);
  add("resp_remote_access_errors", 0);
  add("resp_cqe_flush_error", 0);
  add("req_cqe_flush_error", 0);
  add("req_transport_retries_exceeded", 0);
  add("req_rnr_retries_exceeded", 0);
  add("roce_adp_retrans", g(9));
  add("roce_adp_retrans_to", 0);
  add("roce_slow_restart", 0);
  add("roce_slow_restart_cnps", 0);
  add("roce_slow_restart_trans", 0);
  // With ECN off on priority 3 nothing is marked, no CNP is sent or handled.
  add("rp_cnp_ignored", 0);
  add("rp_cnp_handled", g(0, k.cnp_handled));
  add("np_ecn_marked_roce_packets", g(0, k.ecn_marked));
  add("np_cnp_sent", g(0, k.cnp_sent));
  add("rx_icrc_encapsulated", 0);
  return c;
}

model::CounterSet ib_pma_counters(const Shape& k, int s) {
  const Growth g{s};
  model::CounterSet c;
  auto add = [&](std::string name, std::uint64_t v) { c.entries.emplace_back(std::move(name), v); };
  add("symbol_error", 0);
  add("link_error_recovery", 0);
  add("link_downed", 0);
  add("port_rcv_errors", 0);
  add("port_rcv_remote_physical_errors", 0);
  add("port_rcv_switch_relay_errors", 0);
  add("port_xmit_discards", 0);
  add("port_xmit_constraint_errors", 0);
  add("port_rcv_constraint_errors", 0);
  add("local_link_integrity_errors", 0);
  add("excessive_buffer_overrun_errors", 0);
  add("VL15_dropped", 0);
  add("port_xmit_data", g(2'098'056'377'528, (kTxRoceBps + 145'000) / 4));
  add("port_rcv_data", g(2'277'402'986'125, (kRxRoceBps + 155'000) / 4));
  add("port_xmit_packets", g(2'086'302'988, kTxRocePps + 1'100));
  add("port_rcv_packets", g(2'271'681'630, kRxRocePps + 1'200));
  add("port_xmit_wait", g(912'004'331, k.rx_pause_us * 8));  // ticks of 125 ns while paused
  add("unicast_xmit_packets", g(2'086'298'544, kTxRocePps + 1'100));
  add("unicast_rcv_packets", g(2'271'661'425, kRxRocePps + 1'199));
  add("multicast_xmit_packets", g(4'411));
  add("multicast_rcv_packets", g(19'004, 1));
  return c;
}

model::Dcb dcb(const Shape& k, int s) {
  const Growth g{s};
  model::Dcb d;
  d.dcbx = Field<std::uint8_t>::of(0x09, dcbnl("DCB_CMD_GDCBX"));  // HOST | VER_IEEE: OS controlled
  model::Pfc pfc;
  pfc.pfc_cap = 8;
  pfc.pfc_en = 1 << 3;
  pfc.delay = 7;  // mlx5: cable length in metres (default)
  pfc.requests[3] = g(4'120'883, k.tx_pause);
  pfc.indications[3] = g(1'377'120, k.rx_pause);
  d.pfc = Field<model::Pfc>::of(pfc, dcbnl("DCB_ATTR_IEEE_PFC"));
  model::Ets ets;
  ets.ets_cap = 8;
  for (int tc = 0; tc < 8; ++tc) ets.tc_tsa[tc] = static_cast<std::uint8_t>(model::Tsa::vendor);
  ets.prio_tc = {1, 0, 2, 3, 4, 5, 6, 7};  // mlx5 default
  d.ets = Field<model::Ets>::of(ets, dcbnl("DCB_ATTR_IEEE_ETS"));
  // Trust DSCP: mlx5 reports all 64 DSCP entries; RoCE (26) -> 3, CNP (48) -> 6, the rest -> 0.
  // Trust PCP: mlx5 removes them, the APP table is empty.
  std::vector<model::AppEntry> app;
  for (std::uint16_t dscp = 0; dscp < 64 && !k.trust_pcp; ++dscp) {
    const std::uint8_t prio = dscp == 26 ? 3 : dscp == 48 ? 6 : 0;
    app.push_back({model::kAppSelDscp, prio, dscp});
  }
  d.app = Field<std::vector<model::AppEntry>>::of(app, dcbnl("DCB_ATTR_IEEE_APP_TABLE"));
  d.apptrust = model::missing_from_errno<std::vector<std::uint8_t>>(
      EOPNOTSUPP, std::string("dcbnl: ") + kIf + " apptrust", dcbnl("DCB_ATTR_DCB_APP_TRUST_TABLE"));
  model::Buffer buf;
  buf.prio2buffer = {0, 0, 0, 1, 0, 0, 0, 0};
  buf.buffer_size = {130'944, k.lossless_buffer, 0, 0, 0, 0, 0, 0};  // multiples of the 128-byte cell
  buf.total_size = 1'027'968;
  d.buffer = Field<model::Buffer>::of(buf, dcbnl("DCB_ATTR_DCB_BUFFER"));
  d.maxrate = Field<model::PerPrio<std::uint64_t>>::of({}, dcbnl("DCB_ATTR_IEEE_MAXRATE"));
  return d;
}

model::NetDev roce_netdev(const Shape& k, int s) {
  const Growth g{s};
  model::NetDev nd;
  nd.name = kIf;
  const Provenance link{"rtnetlink", std::string(kIf) + " RTM_NEWLINK"};
  nd.ifindex = Field<std::uint32_t>::of(4, link);
  nd.mtu = Field<std::uint32_t>::of(9000, link);
  nd.operstate = Field<std::string>::of("up", link);
  nd.mac = Field<std::string>::of("0c:42:a1:5d:4d:b8", link);
  nd.addresses = Field<std::vector<std::string>>::of({"172.19.0.60/24", "fe80::e42:a1ff:fe5d:4db8/64"},
                                                     {"rtnetlink", std::string(kIf) + " RTM_NEWADDR"});
  nd.carrier_changes = Field<std::uint64_t>::of(2, link);
  model::LinkStats64 st;
  st.rx_packets = g(81'220'431, 1'200);
  st.tx_packets = g(64'118'002, 1'100);
  st.rx_bytes = g(9'884'120'553, 150'000);
  st.tx_bytes = g(7'402'977'114, 140'000);
  st.multicast = g(19'004, 1);
  nd.stats = Field<model::LinkStats64>::of(st, link);
  nd.driver = Field<model::DriverInfo>::of({"mlx5_core", "6.1.0-18-amd64", "22.39.1002 (MT_0000000359)", kPci},
                                           {"ethtool-ioctl", std::string(kIf) + " ETHTOOL_GDRVINFO"});
  nd.link = Field<model::LinkSettings>::of({100'000, "full", true, 4}, ethtool("ETHTOOL_MSG_LINKMODES_GET"));
  nd.pause = Field<model::PauseParams>::of({false, false, false, 0, 0}, ethtool("ETHTOOL_MSG_PAUSE_GET"));
  nd.pfc_prevention_tout_ms =
      Field<std::uint32_t>::of(100, {"ethtool-ioctl", std::string(kIf) + " ETHTOOL_PFC_PREVENTION_TOUT"});
  nd.module_cable_m = Field<std::uint32_t>::missing(
      Availability::unsupported, "the module (DAC) reports no cable length", ethtool("ETHTOOL_MSG_MODULE_EEPROM_GET"));
  nd.pci_address = Field<std::string>::of(kPci, net_sysfs("device"));
  nd.pcie = Field<model::PcieLink>::of({"16.0 GT/s PCIe", "16.0 GT/s PCIe", 16, 16},
                                       sysfs(std::string("bus/pci/devices/") + kPci));
  nd.trust = Field<std::string>::of(k.trust_pcp ? "pcp" : "dscp", net_sysfs("qos/trust"));
  model::NicEcn ecn;
  for (int p = 0; p < 8; ++p) {
    const bool on = p != 3 || k.ecn_on_prio3;
    ecn.np[p] = Field<bool>::of(on, net_sysfs("ecn/roce_np/enable/" + std::to_string(p)));
    ecn.rp[p] = Field<bool>::of(on, net_sysfs("ecn/roce_rp/enable/" + std::to_string(p)));
  }
  nd.ecn = Field<model::NicEcn>::of(ecn, net_sysfs("ecn"));
  nd.dcb = dcb(k, s);
  model::Qdisc mq;
  mq.kind = "mq";
  mq.parent = 0xffffffff;
  mq.stats = model::QdiscStats{g(7'402'977'114, 140'000), g(64'118'002, 1'100), 0, 0, 0, 0};
  nd.qdiscs = Field<std::vector<model::Qdisc>>::of({mq}, {"tc", std::string(kIf) + " RTM_GETQDISC"});
  nd.ethtool_stats = Field<model::CounterSet>::of(mlx5_ethtool_stats(k, s),
                                                  {"ethtool-ioctl", std::string(kIf) + " ETHTOOL_GSTATS"});
  return nd;
}

model::NetDev loopback(int s) {
  const Growth g{s};
  model::NetDev nd;
  nd.name = "lo";
  const Provenance link{"rtnetlink", "lo RTM_NEWLINK"};
  nd.ifindex = Field<std::uint32_t>::of(1, link);
  nd.mtu = Field<std::uint32_t>::of(65536, link);
  nd.operstate = Field<std::string>::of("unknown", link);
  nd.mac = Field<std::string>::of("00:00:00:00:00:00", link);
  nd.addresses = Field<std::vector<std::string>>::of({"127.0.0.1/8", "::1/128"}, {"rtnetlink", "lo RTM_NEWADDR"});
  nd.carrier_changes = Field<std::uint64_t>::of(0, link);
  model::LinkStats64 st;
  st.rx_packets = st.tx_packets = g(1'204'330, 20);
  st.rx_bytes = st.tx_bytes = g(301'774'002, 5'000);
  nd.stats = Field<model::LinkStats64>::of(st, link);
  // The loopback device implements neither ethtool link/pause/stats nor dcbnl.
  const std::string why = "lo: Operation not supported";
  nd.driver = Field<model::DriverInfo>::missing(Availability::unsupported, "ethtool: " + why,
                                                {"ethtool-ioctl", "lo ETHTOOL_GDRVINFO"});
  nd.link = Field<model::LinkSettings>::missing(Availability::unsupported, "ethtool: " + why,
                                                {"ethtool-netlink", "lo ETHTOOL_MSG_LINKMODES_GET"});
  nd.pause = Field<model::PauseParams>::missing(Availability::unsupported, "ethtool: " + why,
                                                {"ethtool-netlink", "lo ETHTOOL_MSG_PAUSE_GET"});
  nd.ethtool_stats = Field<model::CounterSet>::missing(Availability::unsupported, "ethtool: " + why,
                                                       {"ethtool-ioctl", "lo ETHTOOL_GSSET_INFO"});
  nd.dcb.dcbx = Field<std::uint8_t>::missing(Availability::unsupported, "dcbnl: " + why, {"dcbnl", "lo DCB_CMD_GDCBX"});
  nd.dcb.pfc = Field<model::Pfc>::missing(Availability::unsupported, "dcbnl: " + why, {"dcbnl", "lo DCB_ATTR_IEEE_PFC"});
  nd.dcb.ets = Field<model::Ets>::missing(Availability::unsupported, "dcbnl: " + why, {"dcbnl", "lo DCB_ATTR_IEEE_ETS"});
  return nd;
}

model::RdmaDevice mlx5_0(const Shape& k, int s) {
  model::RdmaDevice dev;
  dev.name = "mlx5_0";
  const std::string dir = "class/infiniband/mlx5_0/";
  dev.node_type = Field<std::string>::of("CA", sysfs(dir + "node_type"));
  dev.node_guid = Field<std::string>::of("0c42:a103:005d:4db8", sysfs(dir + "node_guid"));
  dev.fw_ver = Field<std::string>::of("22.39.1002", sysfs(dir + "fw_ver"));
  dev.board_id = Field<std::string>::of("MT_0000000359", sysfs(dir + "board_id"));
  dev.hca_type = Field<std::string>::of("MT4125", sysfs(dir + "hca_type"));
  dev.pci_address = Field<std::string>::of(kPci, sysfs(dir + "device"));
  dev.netdevs = Field<std::vector<std::string>>::of({kIf}, sysfs(dir + "device/net"));
  model::RdmaPort port;
  port.number = 1;
  const std::string pdir = dir + "ports/1/";
  port.state = Field<model::PortState>::of({4, "ACTIVE"}, sysfs(pdir + "state"));
  port.phys_state = Field<model::PortState>::of({5, "LinkUp"}, sysfs(pdir + "phys_state"));
  port.rate = Field<std::string>::of("100 Gb/sec (4X EDR)", sysfs(pdir + "rate"));
  port.rate_gbps = Field<double>::of(100.0, sysfs(pdir + "rate"));
  port.link_layer = Field<std::string>::of("Ethernet", sysfs(pdir + "link_layer"));
  port.netdev = Field<std::string>::of(kIf, sysfs(pdir + "gid_attrs/ndevs/0"));
  port.active_mtu = Field<std::uint32_t>::of(4096, {"verbs", "mlx5_0 port 1 ibv_query_port"});
  port.max_mtu = Field<std::uint32_t>::of(4096, {"verbs", "mlx5_0 port 1 ibv_query_port"});
  // Two GIDs (v1, v2) per address: link-local IPv6, then the IPv4 address (RoCE v2 at index 3).
  std::vector<model::Gid> gids;
  const char* addrs[] = {"fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8", "0000:0000:0000:0000:0000:ffff:ac13:003c"};
  std::uint32_t index = 0;
  for (const char* gid : addrs) {
    for (const char* type : {"IB/RoCE v1", "RoCE v2"}) {
      const std::string i = std::to_string(index);
      gids.push_back({index, gid, Field<std::string>::of(type, sysfs(pdir + "gid_attrs/types/" + i)),
                      Field<std::string>::of(kIf, sysfs(pdir + "gid_attrs/ndevs/" + i))});
      ++index;
    }
  }
  port.gids = Field<std::vector<model::Gid>>::of(gids, sysfs(pdir + "gids"));
  port.counters = Field<model::CounterSet>::of(ib_pma_counters(k, s), sysfs(pdir + "counters"));
  port.hw_counters = Field<model::CounterSet>::of(mlx5_hw_counters(k, s), sysfs(pdir + "hw_counters"));
  dev.ports.push_back(std::move(port));
  return dev;
}

}  // namespace

model::Host cx6dx_sample(Cx6dx kind, int index) {
  const Shape k = shape_of(kind);
  model::Host host;
  host.hostname = k.hostname;
  host.kernel_release = "6.1.0-18-amd64";
  host.time_unix_ms = kT0UnixMs + index * kIntervalS * 1000;
  host.monotonic_ns = kT0MonoNs + index * kIntervalS * 1'000'000'000;
  host.from = {"live", k.hostname};
  host.netdevs = {loopback(index), roce_netdev(k, index)};
  host.rdma_devices = {mlx5_0(k, index)};
  return host;
}

model::Host cx6dx_ecn_off_sample(int index) { return cx6dx_sample(Cx6dx::ecn_off, index); }

}  // namespace roce::examples
