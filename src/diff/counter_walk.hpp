#pragma once
// Counter values of one host, found by walking its model through schema.hpp's member list, and the
// canonical names of the raw ones.
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "model/host.hpp"

namespace roce::diff {

using CounterKey = std::pair<std::string, std::string>;  // subject, path below it
using CounterValues = std::map<CounterKey, std::uint64_t>;

/// Every counter (members.hpp: is_counter_member) of every netdev and RDMA device, e.g.
/// {"ens1f0np0", "ethtool_stats.rx_prio3_pause"}, {"mlx5_0", "ports[1].hw_counters.np_cnp_sent"}.
/// A name that appears twice keeps its first value.
CounterValues counter_values(const model::Host& host);

/// The same keys -> canonical name (counters/canonical.hpp), where the driver map knows one.
std::map<CounterKey, std::string> canonical_names(const model::Host& host);

}  // namespace roce::diff
