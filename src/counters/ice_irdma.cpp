// Intel ice `ethtool -S` port statistics (ice_ethtool.c, the ".nic" PF stats) and irdma
// hw_counters (irdma/verbs.c). See research/formats.md §1.6 and research/peers.md §3 item 9.
//
// irdma renamed its counters across kernel versions: "tcpRetransSegs" became "RetransSegs", and
// the "iw" prefix was dropped ("iwInRdmaReads" -> "InRdmaReads"). Gen3 (E2000) adds RoCE transport
// counters whose sysfs names contain spaces ("Nak Sequence Error").
#include "counters/rules.hpp"

namespace roce::counters::detail {
namespace {

constexpr Set H = Set::hw_counters;

constexpr Rule kRules[] = {
    // PFC XOFF frames per user priority. The out-of-tree ice driver has a second naming mode;
    // kernels before 5.3 used "port."-prefixed names (commit "ice: Format ethtool reported stats").
    {"prio[{n}].rx_pause", "rx_priority_{n}_xoff.nic"},
    {"prio[{n}].tx_pause", "tx_priority_{n}_xoff.nic"},
    {"prio[{n}].rx_pause", "port-rx-xoff_prio-{n}_events"},
    {"prio[{n}].tx_pause", "port-tx-xoff_prio-{n}_events"},
    {"prio[{n}].rx_pause", "port.rx-priority-{n}-xoff"},
    {"prio[{n}].tx_pause", "port.tx-priority-{n}-xoff"},

    {"global.rx_pause", "link_xoff_rx.nic"},
    {"global.tx_pause", "link_xoff_tx.nic"},
    {"global.rx_pause", "port.link_xoff_rx"},
    {"global.tx_pause", "port.link_xoff_tx"},

    // rx_dropped.nic is eth.rx_discards of the port (receive packet buffer drops); the plain
    // "rx_dropped" beside it is the VSI's (the host's queues), not the port's.
    {"port.rx_discards", "rx_dropped.nic"},
    {"port.rx_bytes", "rx_bytes.nic"},
    {"port.tx_bytes", "tx_bytes.nic"},
    {"port.tx_errors", "tx_errors.nic"},
    {"port.rx_oversize", "rx_oversize.nic"},
    {"phy.crc_errors", "rx_crc_errors.nic"},
    {"port.rx_discards", "port.rx_dropped"},
    {"port.rx_bytes", "port.rx_bytes"},
    {"port.tx_bytes", "port.tx_bytes"},
    {"port.tx_errors", "port.tx_errors"},
    {"port.rx_oversize", "port.rx_oversize"},
    {"phy.crc_errors", "port.rx_crc_errors"},

    // irdma hw_counters.
    {"roce.cnp_sent", "cnpSent", H},
    {"roce.cnp_handled", "cnpHandled", H},
    {"roce.cnp_ignored", "cnpIgnored", H},
    {"roce.ecn_marked", "RxECNMrkd", H},
    {"roce.retransmits", "RetransSegs", H},
    {"roce.retransmits", "tcpRetransSegs", H},
    {"roce.packet_seq_err", "Nak Sequence Error", H},
    {"roce.implied_nak_seq_err", "Nak Sequence Error Implied", H},
    {"roce.retransmit_timeouts", "RTO", H},
    {"roce.out_of_sequence", "Rcvd Out of order packets", H},
    {"roce.rx_icrc_errors", "CRC errors", H},
};

}  // namespace

std::span<const Rule> ice_irdma_rules() { return kRules; }

}  // namespace roce::counters::detail
