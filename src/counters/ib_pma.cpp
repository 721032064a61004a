// IB PMA port counters (/sys/class/infiniband/<dev>/ports/<n>/counters/, core sysfs.c), the same on
// every driver that has them. See research/formats.md §2.2.
//
// port_rcv_data/port_xmit_data are in 4-octet words, and on RoCE the packet counters come from the
// vport (all traffic, not only the physical port's): neither is a stand-in for port.* byte or
// packet counters, so they stay raw. symbol_error counts IB link symbol errors, not the post-FEC
// Ethernet PCS errors of phy.symbol_errors.
#include "counters/rules.hpp"

namespace roce::counters::detail {
namespace {

constexpr Set I = Set::ib_counters;

constexpr Rule kRules[] = {
    {"link.downed", "link_downed", I},
    {"link.error_recovery", "link_error_recovery", I},
    {"port.tx_wait", "port_xmit_wait", I},
};

}  // namespace

std::span<const Rule> ib_pma_rules() { return kRules; }

}  // namespace roce::counters::detail
