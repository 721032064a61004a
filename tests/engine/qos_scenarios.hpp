#pragma once
// The trust and classification edits that the QOS-TRUST, QOS-DSCP-MAP and PFC-LOSSLESS scenario tests and the baseline
// share.
#include "profile/load.hpp"
#include "scenario_prelude.hpp"
#include "support/paths.hpp"

namespace roce::test {

// PCP trust on mlx5: no DSCP entries in the APP table, sysfs qos/trust says pcp.
inline void trust_pcp(model::Host& h) {
  auto& nd = netdev(h);
  nd.trust->assign("pcp");
  nd.dcb.app->clear();
}

// What the counters do when RoCE is classified onto priority 0 (no PFC there): the RoCE bytes
// land on prio 0, nothing on prio 3, no pauses, and the port drops under congestion.
inline Scenario misclassified() {
  Scenario s = healthy_scenario();
  s.config = trust_pcp;
  const auto before3 = s.before.prio[3];
  const auto d_rx = s.now.prio[3].rx_bytes - before3.rx_bytes, d_rxp = s.now.prio[3].rx_packets - before3.rx_packets;
  const auto d_tx = s.now.prio[3].tx_bytes - before3.tx_bytes, d_txp = s.now.prio[3].tx_packets - before3.tx_packets;
  s.now.prio[3] = before3;
  s.now.prio[0].rx_bytes += d_rx, s.now.prio[0].rx_packets += d_rxp;
  s.now.prio[0].tx_bytes += d_tx, s.now.prio[0].tx_packets += d_txp;
  s.now.prio[0].rx_discards = s.before.prio[0].rx_discards + 2311;
  s.now.rx_discards_phy = s.before.rx_discards_phy + 2311;
  s.now.out_of_sequence += 2290, s.now.packet_seq_err += 2104;
  return s;
}

}  // namespace roce::test
