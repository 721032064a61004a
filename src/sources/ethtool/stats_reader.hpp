#pragma once
// The ETHTOOL_GSSET_INFO -> GSTRINGS -> GSTATS sequence (formats.md §1.1), written against an
// injectable ioctl so that tests can play a kernel whose counter set changes between the calls.
#include <functional>

#include "model/counters.hpp"
#include "util/expected.hpp"

namespace roce::sources::ethtool {

// Issues one SIOCETHTOOL request (`request` points at a struct ethtool_* for one device).
// Returns 0 or a positive errno.
using EthtoolIoctl = std::function<int(void* request)>;

// Reads the names and values of the statistics of one device. Names are re-read on every call.
// The kernel writes as many entries as the driver reports *now*, not as many as we asked for, so
// the buffers carry slack; when the count changed between the calls (mlx5 adds per-priority pause
// counters when PFC is toggled) the whole sequence is retried once.
Expected<model::CounterSet> read_stats_via(const EthtoolIoctl& ioctl);

}  // namespace roce::sources::ethtool
