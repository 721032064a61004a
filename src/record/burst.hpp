#pragma once
// `record --burst-interval`: sample faster while pause or discard counters move.
#include "model/host.hpp"

namespace roce::record {

// True when a pause or discard counter (by name: ethtool -S, hw_counters, PMA counters; the PFC
// requests/indications; 802.3x pause frames; qdisc drops) differs between two samples of a host.
bool pause_or_discard_moved(const model::Host& before, const model::Host& after);

}  // namespace roce::record
