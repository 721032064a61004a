#pragma once
// Internal pieces of the show text view, one file each.
#include <string>
#include <vector>

#include "model/host.hpp"
#include "report/text_style.hpp"

namespace roce::report::detail {

constexpr const char* kIndent = "    ";

// One line per DCB object (dcbx, trust, dscp-prio, app, apptrust, pfc, ets, buffer, maxrate) and
// the vendor ECN enables.
std::vector<std::string> dcb_lines(const model::NetDev& nd);

// Headline counters through canonical names: per-priority pause/discards, port discards, out of
// buffer, link down events (netdev); ECN/CNP/sequence errors (RDMA port; with roce false, an
// InfiniBand port, only its link counters).
std::vector<std::string> netdev_counter_lines(const model::NetDev& nd);
std::vector<std::string> rdma_counter_lines(const model::NetDev* nd, const model::RdmaPort& port, bool roce);

std::string qdisc_text(const model::Qdisc& q);

}  // namespace roce::report::detail
