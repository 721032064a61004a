#pragma once
// The model's members, named and in order, written once: describe(v, x) calls v(name, member) for
// every member of a model type. The bundle writer and reader walk it (the JSON schema), and so do
// the field visitors (for_each_field.hpp) that merge, relocate and mark fields. Adding a member to
// a model struct means adding one line here, and nothing else, to carry it everywhere.
#include <concepts>
#include <type_traits>

#include "model/host.hpp"

namespace roce::model::schema {

// T is U or const U: one describe() serves the writer (const) and the reader (mutable).
template <class T, class U>
concept Like = std::same_as<std::remove_const_t<T>, U>;

template <class V, Like<model::LinkStats64> T>
void describe(V& v, T& x) {
  v("rx_packets", x.rx_packets);
  v("tx_packets", x.tx_packets);
  v("rx_bytes", x.rx_bytes);
  v("tx_bytes", x.tx_bytes);
  v("rx_errors", x.rx_errors);
  v("tx_errors", x.tx_errors);
  v("rx_dropped", x.rx_dropped);
  v("tx_dropped", x.tx_dropped);
  v("multicast", x.multicast);
  v("collisions", x.collisions);
  v("rx_crc_errors", x.rx_crc_errors);
  v("rx_missed_errors", x.rx_missed_errors);
  v("tx_carrier_errors", x.tx_carrier_errors);
}

template <class V, Like<model::DriverInfo> T>
void describe(V& v, T& x) {
  v("driver", x.driver);
  v("version", x.version);
  v("fw_version", x.fw_version);
  v("bus_info", x.bus_info);
}

template <class V, Like<model::LinkSettings> T>
void describe(V& v, T& x) {
  v("speed_mbps", x.speed_mbps);
  v("duplex", x.duplex);
  v("autoneg", x.autoneg);
  v("lanes", x.lanes);
  v("supported_speeds_mbps", x.supported_speeds_mbps);
  v("advertised_speeds_mbps", x.advertised_speeds_mbps);
  v("peer_advertised_speeds_mbps", x.peer_advertised_speeds_mbps);
}

template <class V, Like<model::PauseParams> T>
void describe(V& v, T& x) {
  v("autoneg", x.autoneg);
  v("rx", x.rx);
  v("tx", x.tx);
  v("tx_frames", x.tx_frames);
  v("rx_frames", x.rx_frames);
}

template <class V, Like<model::PcieLink> T>
void describe(V& v, T& x) {
  v("current_speed", x.current_speed);
  v("current_width", x.current_width);
  v("max_speed", x.max_speed);
  v("max_width", x.max_width);
}

template <class V, Like<model::NicEcn> T>
void describe(V& v, T& x) {
  v("np", x.np);
  v("rp", x.rp);
}

template <class V, Like<model::Pfc> T>
void describe(V& v, T& x) {
  v("pfc_cap", x.pfc_cap);
  v("pfc_en", x.pfc_en);
  v("mbc", x.mbc);
  v("delay", x.delay);
  v("requests", x.requests);
  v("indications", x.indications);
}

template <class V, Like<model::Ets> T>
void describe(V& v, T& x) {
  v("willing", x.willing);
  v("ets_cap", x.ets_cap);
  v("cbs", x.cbs);
  v("tc_tx_bw", x.tc_tx_bw);
  v("tc_rx_bw", x.tc_rx_bw);
  v("tc_tsa", x.tc_tsa);
  v("prio_tc", x.prio_tc);
  v("tc_reco_bw", x.tc_reco_bw);
  v("tc_reco_tsa", x.tc_reco_tsa);
  v("reco_prio_tc", x.reco_prio_tc);
}

template <class V, Like<model::AppEntry> T>
void describe(V& v, T& x) {
  v("selector", x.selector);
  v("priority", x.priority);
  v("protocol", x.protocol);
}

template <class V, Like<model::Buffer> T>
void describe(V& v, T& x) {
  v("prio2buffer", x.prio2buffer);
  v("buffer_size", x.buffer_size);
  v("total_size", x.total_size);
}

template <class V, Like<model::Dcb> T>
void describe(V& v, T& x) {
  v("dcbx", x.dcbx);
  v("pfc", x.pfc);
  v("ets", x.ets);
  v("app", x.app);
  v("apptrust", x.apptrust);
  v("buffer", x.buffer);
  v("maxrate", x.maxrate);
}

template <class V, Like<model::RedParams> T>
void describe(V& v, T& x) {
  v("limit", x.limit);
  v("qth_min", x.qth_min);
  v("qth_max", x.qth_max);
  v("wlog", x.wlog);
  v("plog", x.plog);
  v("scell_log", x.scell_log);
  v("flags", x.flags);
  v("max_p", x.max_p);
}

template <class V, Like<model::RedXstats> T>
void describe(V& v, T& x) {
  v("early", x.early);
  v("pdrop", x.pdrop);
  v("other", x.other);
  v("marked", x.marked);
}

template <class V, Like<model::QdiscStats> T>
void describe(V& v, T& x) {
  v("bytes", x.bytes);
  v("packets", x.packets);
  v("drops", x.drops);
  v("overlimits", x.overlimits);
  v("qlen", x.qlen);
  v("backlog", x.backlog);
}

template <class V, Like<model::Qdisc> T>
void describe(V& v, T& x) {
  v("kind", x.kind);
  v("handle", x.handle);
  v("parent", x.parent);
  v("offloaded", x.offloaded);
  v("red", x.red);
  v("red_xstats", x.red_xstats);
  v("bands", x.bands);
  v("strict_bands", x.strict_bands);
  v("quanta", x.quanta);
  v("priomap", x.priomap);
  v("stats", x.stats);
}

template <class V, Like<model::NetDev> T>
void describe(V& v, T& x) {
  v("name", x.name);
  v("ifindex", x.ifindex);
  v("mtu", x.mtu);
  v("operstate", x.operstate);
  v("mac", x.mac);
  v("addresses", x.addresses);
  v("carrier_changes", x.carrier_changes);
  v("stats", x.stats);
  v("driver", x.driver);
  v("link", x.link);
  v("pause", x.pause);
  v("pfc_prevention_tout_ms", x.pfc_prevention_tout_ms);
  v("module_cable_m", x.module_cable_m);
  v("pci_address", x.pci_address);
  v("pcie", x.pcie);
  v("trust", x.trust);
  v("ecn", x.ecn);
  v("dcb", x.dcb);
  v("qdiscs", x.qdiscs);
  v("ethtool_stats", x.ethtool_stats);
}

template <class V, Like<model::Gid> T>
void describe(V& v, T& x) {
  v("index", x.index);
  v("gid", x.gid);
  v("type", x.type);
  v("netdev", x.netdev);
}

template <class V, Like<model::PortState> T>
void describe(V& v, T& x) {
  v("code", x.code);
  v("name", x.name);
}

template <class V, Like<model::RdmaPort> T>
void describe(V& v, T& x) {
  v("number", x.number);
  v("state", x.state);
  v("phys_state", x.phys_state);
  v("rate", x.rate);
  v("rate_gbps", x.rate_gbps);
  v("link_layer", x.link_layer);
  v("netdev", x.netdev);
  v("active_mtu", x.active_mtu);
  v("max_mtu", x.max_mtu);
  v("gids", x.gids);
  v("counters", x.counters);
  v("hw_counters", x.hw_counters);
}

template <class V, Like<model::RdmaDevice> T>
void describe(V& v, T& x) {
  v("name", x.name);
  v("node_type", x.node_type);
  v("node_guid", x.node_guid);
  v("fw_ver", x.fw_ver);
  v("board_id", x.board_id);
  v("hca_type", x.hca_type);
  v("pci_address", x.pci_address);
  v("netdevs", x.netdevs);
  v("port_count", x.port_count);
  v("ports", x.ports);
}

template <class V, Like<model::CollectionNote> T>
void describe(V& v, T& x) {
  v("subject", x.subject);
  v("availability", x.availability);
  v("message", x.message);
}

template <class V, Like<model::SbPool> T>
void describe(V& v, T& x) {
  v("sb", x.sb);
  v("pool", x.pool);
  v("type", x.type);
  v("size", x.size);
  v("threshold_type", x.threshold_type);
  v("cell_size", x.cell_size);
  v("from", x.from);
}

template <class V, Like<model::SbPortPool> T>
void describe(V& v, T& x) {
  v("port", x.port);
  v("sb", x.sb);
  v("pool", x.pool);
  v("threshold", x.threshold);
  v("from", x.from);
}

template <class V, Like<model::SbTcBind> T>
void describe(V& v, T& x) {
  v("port", x.port);
  v("sb", x.sb);
  v("tc", x.tc);
  v("type", x.type);
  v("pool", x.pool);
  v("threshold", x.threshold);
  v("from", x.from);
}

template <class V, Like<model::DevlinkSb> T>
void describe(V& v, T& x) {
  v("device", x.device);
  v("pools", x.pools);
  v("port_pools", x.port_pools);
  v("tc_binds", x.tc_binds);
}

template <class V, Like<model::Host> T>
void describe(V& v, T& x) {
  v("hostname", x.hostname);
  v("kernel_release", x.kernel_release);
  v("time_unix_ms", x.time_unix_ms);
  v("monotonic_ns", x.monotonic_ns);
  v("from", x.from);
  v("netdevs", x.netdevs);
  v("rdma_devices", x.rdma_devices);
  v("notes", x.notes);
  v("mlnx_qos_seen", x.mlnx_qos_seen);
  v("lldp_agents", x.lldp_agents);
  v("shared_buffers", x.shared_buffers);
}

struct Probe {
  template <class M>
  void operator()(const char*, M&) {}
};

// True for the model structs that have a describe() above (CounterSet, Field, containers and
// scalars are written specially).
template <class T>
concept Described = requires(T& t, Probe& p) {
  describe(p, t);
};

}  // namespace roce::model::schema
