#include "record/host_counters.hpp"

#include <algorithm>

namespace roce::record {
namespace {

using namespace model;

// Calls v.value(u64&) / v.value(u32&) for every monotonic counter and v.set(CounterSet&) for every
// present counter set, in one fixed order. Gauges that move every sample (qdisc qlen/backlog) are
// treated as counters too: delta encoding does not need monotonicity.
template <class V>
void walk(Host& h, V& v) {
  for (auto& n : h.netdevs) {
    if (n.carrier_changes.value) v.value(*n.carrier_changes.value);
    if (n.stats.value) {
      auto& s = *n.stats.value;
      for (auto* p :
           {&s.rx_packets, &s.tx_packets, &s.rx_bytes, &s.tx_bytes, &s.rx_errors, &s.tx_errors, &s.rx_dropped,
            &s.tx_dropped, &s.multicast, &s.collisions, &s.rx_crc_errors, &s.rx_missed_errors, &s.tx_carrier_errors})
        v.value(*p);
    }
    if (n.pause.value) {
      if (n.pause.value->tx_frames) v.value(*n.pause.value->tx_frames);
      if (n.pause.value->rx_frames) v.value(*n.pause.value->rx_frames);
    }
    if (n.dcb.pfc.value) {
      for (auto& x : n.dcb.pfc.value->requests) v.value(x);
      for (auto& x : n.dcb.pfc.value->indications) v.value(x);
    }
    if (n.qdiscs.value) {
      for (auto& q : *n.qdiscs.value) {
        if (q.red_xstats) {
          auto& x = *q.red_xstats;
          for (auto* p : {&x.early, &x.pdrop, &x.other, &x.marked}) v.value(*p);
        }
        if (q.stats) {
          auto& s = *q.stats;
          v.value(s.bytes);
          v.value(s.packets);
          for (auto* p : {&s.drops, &s.overlimits, &s.qlen, &s.backlog}) v.value(*p);
        }
      }
    }
    if (n.ethtool_stats.value) v.set(*n.ethtool_stats.value);
  }
  for (auto& d : h.rdma_devices)
    for (auto& p : d.ports) {
      if (p.counters.value) v.set(*p.counters.value);
      if (p.hw_counters.value) v.set(*p.hw_counters.value);
    }
}

struct Splitter {
  SplitSample& out;
  void value(std::uint64_t& x) {
    out.values.push_back(x);
    x = 0;
  }
  void value(std::uint32_t& x) {
    out.values.push_back(x);
    x = 0;
  }
  void set(CounterSet& s) {
    auto& names = out.names.emplace_back();
    names.reserve(s.entries.size());
    for (auto& [name, value] : s.entries) {
      names.push_back(std::move(name));
      out.values.push_back(value);
    }
    s.entries.clear();
  }
};

}  // namespace

SplitSample split_sample(const Host& host) {
  SplitSample out;
  out.config = host;
  out.config.time_unix_ms = 0;
  out.config.monotonic_ns = 0;
  Splitter splitter{out};
  walk(out.config, splitter);
  return out;
}

bool CounterSlots::bind(Host& host, const CounterNames& names, CounterSlots& out, std::string& why) {
  struct Binder {
    const CounterNames& names;
    std::vector<Slot>& slots;
    std::size_t next_set = 0;
    bool too_few = false;
    void value(std::uint64_t& x) { slots.push_back({&x, true}); }
    void value(std::uint32_t& x) { slots.push_back({&x, false}); }
    void set(CounterSet& s) {
      if (next_set >= names.size()) {
        too_few = true;
        return;
      }
      s.entries.clear();
      for (const auto& name : names[next_set]) s.entries.emplace_back(name, 0);
      ++next_set;
    }
  };
  out.slots_.clear();
  Binder binder{names, out.slots_};
  walk(host, binder);
  if (binder.too_few || binder.next_set != names.size()) {
    why = "the configuration has " + std::string(binder.too_few ? "more" : "fewer") + " counter sets than the " +
          std::to_string(names.size()) + " name lists";
    return false;
  }
  // Counter-set entries are bound after every set is filled: their vectors no longer reallocate.
  struct SetBinder {
    std::vector<Slot>& slots;
    void value(std::uint64_t& x) { slots.push_back({&x, true}); }
    void value(std::uint32_t& x) { slots.push_back({&x, false}); }
    void set(CounterSet& s) {
      for (auto& entry : s.entries) slots.push_back({&entry.second, true});
    }
  };
  out.slots_.clear();
  SetBinder set_binder{out.slots_};
  walk(host, set_binder);
  return true;
}

std::optional<std::vector<std::size_t>> CounterSlots::positions_of(const std::vector<const void*>& addresses) const {
  const auto key = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p); };
  std::vector<std::pair<std::uintptr_t, std::size_t>> by_address;
  by_address.reserve(slots_.size());
  for (std::size_t i = 0; i < slots_.size(); ++i) by_address.emplace_back(key(slots_[i].at), i);
  std::sort(by_address.begin(), by_address.end());
  std::vector<std::size_t> out;
  for (const void* address : addresses) {
    const std::uintptr_t a = key(address);
    const auto it = std::lower_bound(by_address.begin(), by_address.end(), std::make_pair(a, std::size_t{0}));
    if (it == by_address.end() || it->first != a) return std::nullopt;
    out.push_back(it->second);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace roce::record
