#include "record/burst.hpp"

#include <string_view>

namespace roce::record {
namespace {

using namespace model;

bool is_pause_or_discard(std::string_view name) {
  for (std::string_view word : {"pause", "discard", "drop", "pfc"})
    if (name.find(word) != std::string_view::npos) return true;
  return false;
}

bool set_moved(const Field<CounterSet>& before, const Field<CounterSet>& after) {
  if (!before.value || !after.value) return false;
  const auto& a = before.value->entries;
  const auto& b = after.value->entries;
  // Same names in the same order is the usual case; otherwise look each one up.
  const bool aligned = a.size() == b.size();
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!is_pause_or_discard(b[i].first)) continue;
    if (aligned && a[i].first == b[i].first) {
      if (a[i].second != b[i].second) return true;
    } else if (auto old = before.value->get(b[i].first); old && *old != b[i].second) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool pause_or_discard_moved(const Host& before, const Host& after) {
  for (const auto& n : after.netdevs) {
    const NetDev* old = before.netdev(n.name);
    if (!old) continue;
    if (set_moved(old->ethtool_stats, n.ethtool_stats)) return true;
    if (old->dcb.pfc.value && n.dcb.pfc.value &&
        (old->dcb.pfc.value->requests != n.dcb.pfc.value->requests ||
         old->dcb.pfc.value->indications != n.dcb.pfc.value->indications))
      return true;
    if (old->pause.value && n.pause.value &&
        (old->pause.value->tx_frames != n.pause.value->tx_frames ||
         old->pause.value->rx_frames != n.pause.value->rx_frames))
      return true;
    if (old->stats.value && n.stats.value &&
        (old->stats.value->rx_dropped != n.stats.value->rx_dropped ||
         old->stats.value->tx_dropped != n.stats.value->tx_dropped))
      return true;
  }
  for (const auto& d : after.rdma_devices)
    for (const auto& old_dev : before.rdma_devices) {
      if (old_dev.name != d.name) continue;
      for (const auto& p : d.ports)
        for (const auto& old_port : old_dev.ports)
          if (old_port.number == p.number &&
              (set_moved(old_port.counters, p.counters) || set_moved(old_port.hw_counters, p.hw_counters)))
            return true;
    }
  return false;
}

}  // namespace roce::record
