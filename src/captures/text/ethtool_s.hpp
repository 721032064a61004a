#pragma once
// Parser of `ethtool -S <if>` text (formats.md §1.1):
//   NIC statistics:
//        rx_packets: 1226
//        [0]: rx_ucast_packets: 123      <- bnxt/bnx2x ring prefix, kept in the name
// The header is optional (captures are often `ethtool -S eth0 | grep ...`). Trailing spaces, a
// CR before the newline, blank lines and a missing final newline are accepted; anything else is
// an error that names the line. A netdev without statistics ("no stats available", "Cannot get
// stats strings information: Operation not supported") is an error with sys_errno EOPNOTSUPP: the
// caller records `unsupported`, not a parse error.
#include <string_view>

#include "model/counters.hpp"
#include "util/expected.hpp"

namespace roce::captures::text {

Expected<model::CounterSet> parse_ethtool_s(std::string_view text);

}  // namespace roce::captures::text
