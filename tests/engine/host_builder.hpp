#pragma once
// Test builders for check scenarios: a healthy ConnectX-6 Dx host (mlx5_core, 100G, MLNX_OFED-style
// sysfs with qos/trust and ecn/) configured the conventional lossless way, and a second sample 60 s
// later. Contents follow research/formats.md: mlx5 ethtool -S names in en_stats.c group order, PFC
// counters only for PFC-enabled priorities, hw_counters in driver order, realistic cumulative values.
//
// Usage:
//   Scenario s = healthy_scenario();        // before + now, 60 s apart
//   s.now.prio[3].rx_discards += 1500;       // break something in the traffic...
//   s.config = [](model::Host& h) { netdev(h).dcb.pfc->pfc_en = 0; };   // ...or in the config
//   Run run(s);                               // builds both hosts, runs every check
//   REQUIRE(run.result("DROP-LOSSLESS").status == CheckResult::Status::finding);
#include <functional>
#include <string>
#include <vector>

#include "checks/registry.hpp"
#include "engine/check.hpp"
#include "engine/context.hpp"
#include "model/host.hpp"
#include "profile/profile.hpp"

namespace roce::testing {

/// Per-priority mlx5 counters (rx/tx_prioN_*, rx_prioN_buf_discard/cong_discard/marked).
struct PrioCounters {
  std::uint64_t rx_bytes = 0, rx_packets = 0, rx_discards = 0, tx_bytes = 0, tx_packets = 0;
  std::uint64_t rx_pause = 0, rx_pause_duration = 0, tx_pause = 0, tx_pause_duration = 0, rx_pause_transition = 0;
  std::uint64_t buf_discard = 0, cong_discard = 0, marked = 0;
};

/// The cumulative counters of one sample of the mlx5 port: ethtool -S and mlx5_ib hw_counters.
struct Mlx5Counters {
  std::array<PrioCounters, 8> prio{};
  PrioCounters global{};  // 802.3x: rx/tx_global_pause*, present only while global pause is on
  std::uint64_t rx_vport_rdma_unicast_bytes = 0, rx_vport_rdma_unicast_packets = 0;
  std::uint64_t tx_vport_rdma_unicast_bytes = 0, tx_vport_rdma_unicast_packets = 0;
  std::uint64_t rx_out_of_buffer = 0, rx_discards_phy = 0, tx_discards_phy = 0, rx_crc_errors_phy = 0;
  std::uint64_t link_down_events_phy = 0, rx_corrected_bits_phy = 0, rx_buffer_passed_thres_phy = 0;
  std::uint64_t tx_pause_storm_warning_events = 0, tx_pause_storm_error_events = 0;
  // hw_counters
  std::uint64_t out_of_buffer = 0, out_of_sequence = 0, packet_seq_err = 0, local_ack_timeout_err = 0;
  std::uint64_t duplicate_request = 0, implied_nak_seq_err = 0, roce_adp_retrans = 0;
  std::uint64_t rp_cnp_ignored = 0, rp_cnp_handled = 0, np_ecn_marked_roce_packets = 0, np_cnp_sent = 0;
  std::uint64_t rx_write_requests = 0, rx_read_requests = 0;
};

/// Counters of the healthy host after some uptime, and the same 60 s later under steady RoCE load
/// on priority 3 (about 24 Gb/s each way, ~1% of time in PFC pause, ECN marks and CNPs flowing).
Mlx5Counters baseline_counters();
Mlx5Counters healthy_counters_60s_later();

/// ethtool -S of mlx5_core in en_stats.c order: PFC blocks only for priorities in pfc_en, the
/// global block only with global pause, storm counters (stall_detect cap) when `storm_counters`.
model::CounterSet mlx5_ethtool_stats(const Mlx5Counters& c, std::uint8_t pfc_en, bool global_pause,
                                     bool storm_counters = true);
/// mlx5_ib hw_counters in driver registration order (congestion group included: cc_query_allowed).
model::CounterSet mlx5_hw_counters(const Mlx5Counters& c);

/// A healthy ConnectX-6 Dx host (mlx5_0 port 1 <-> ens1f0np0) with these counters.
model::Host cx6dx_host(const Mlx5Counters& c, std::int64_t monotonic_ns);

/// Adds the card's second port (mlx5_1 port 1 <-> ens1f1np1), a copy of the first, to a built host.
void add_second_port(model::Host& h);

model::NetDev& netdev(model::Host& h, const std::string& name = "ens1f0np0");
model::RdmaPort& rdma_port(model::Host& h);
/// Replaces a counter's value (appends it when absent); removes it.
void set_counter(model::CounterSet& s, const std::string& name, std::uint64_t value);
void remove_counter(model::CounterSet& s, const std::string& name);

/// Two samples 60 s apart. build_*() render the hosts from the counters, then apply `config`
/// (a configuration change, the same for both samples) and re-render the ethtool counters so that
/// PFC/global-pause counter presence follows the final configuration, as the driver's does.
struct Scenario {
  Mlx5Counters before = baseline_counters();
  Mlx5Counters now = healthy_counters_60s_later();
  double dt_seconds = 60;
  std::function<void(model::Host&)> config;
  model::Host build_before() const;
  model::Host build_now() const;
};
Scenario healthy_scenario();

/// Builds a scenario's hosts and runs every check of the catalog on them.
struct Run {
  explicit Run(const Scenario& s, profile::Profile p = profile::default_profile(), bool with_before = true);
  model::Host before, now;
  profile::Profile profile;
  std::vector<engine::CheckResult> results;
  const engine::CheckResult& result(std::string_view id) const;
  std::vector<engine::Finding> ranked() const;
  /// Every finding of severity >= warning, "ID subject: title" per line, for messages.
  std::string describe() const;
  int warnings_or_worse() const;
};

}  // namespace roce::testing
