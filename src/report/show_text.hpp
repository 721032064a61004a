#pragma once
// The `show` text view of one Host: RDMA devices and ports first, then every netdev with its DCB,
// ECN and headline counters. Every missing value is printed as "n/a (REASON)", missing lines
// grouped after the known ones; with Style::verbose, with its whole cause in place.
#include <string>

#include "model/host.hpp"
#include "report/text_style.hpp"

namespace roce::report {

std::string render_show_text(const model::Host& host, const Style& style);

// Parts, for tests and for other views.
std::string render_rdma_device(const model::RdmaDevice& dev, const model::Host& host, const Style& style);
std::string render_netdev(const model::NetDev& nd, const Style& style);

}  // namespace roce::report
