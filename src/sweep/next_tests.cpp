// Known-good partners for the tests a localization wants.
#include "sweep/next_tests.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace roce::sweep {
namespace {

using fabric::HostRail;

// NICs cleared for one role, by rail index and leaf, handed out once each.
class Partners {
 public:
  Partners(const fabric::Fabric& fabric, const Facts& facts, Way role, const std::set<HostRail>& excluded)
      : facts_(facts) {
    for (HostRail hr = 0; hr < facts.rails.size(); ++hr) {
      const RailFacts& rf = facts.by_rail[hr];
      if (excluded.count(hr) || !rf.both_ways_clear() || !rf.clear(role) || !rf.loop_low.empty()) continue;
      pool_[{facts.rails.rail(hr), leaf_of(fabric, facts.rails, hr)}].push_back(hr);
    }
  }

  /// A partner on the rail of `x` and on another host: under `leaf` first when `same_leaf` (then
  /// under any), else only under another leaf.
  std::optional<HostRail> take(HostRail x, int leaf, bool same_leaf) {
    const int rail = facts_.rails.rail(x);
    if (same_leaf)
      if (auto p = take_from({rail, leaf}, x)) return p;
    for (auto& entry : pool_)
      if (entry.first.first == rail && entry.first.second != leaf)
        if (auto p = take_from(entry.first, x)) return p;
    return std::nullopt;
  }

 private:
  std::optional<HostRail> take_from(const std::pair<int, int>& key, HostRail x) {
    auto it = pool_.find(key);
    if (it == pool_.end()) return std::nullopt;
    auto& list = it->second;
    const auto& before = facts_.by_rail[x].partners;
    for (std::size_t i = 0; i < list.size(); ++i)
      if (facts_.rails.host(list[i]) != facts_.rails.host(x) &&
          std::find(before.begin(), before.end(), list[i]) == before.end()) {
        const HostRail p = list[i];
        list.erase(list.begin() + static_cast<long>(i));
        return p;
      }
    return std::nullopt;
  }

  const Facts& facts_;
  std::map<std::pair<int, int>, std::vector<HostRail>> pool_;  // (rail, leaf) -> NICs
};

}  // namespace

std::vector<NextTest> next_tests(const fabric::Fabric& fabric, const Facts& facts, const std::vector<Wanted>& wanted) {
  std::set<HostRail> tested_places;
  for (const auto& w : wanted)
    if (w.place.kind == Place::Kind::host_rail) tested_places.insert(w.place.index);
  Partners receivers(fabric, facts, kIn, tested_places), senders(fabric, facts, kOut, tested_places);
  std::vector<NextTest> out;
  std::set<HostRail> looped;
  for (const auto& w : wanted) {
    if (w.place.kind == Place::Kind::leaf) {
      // Flows from a known-good NIC under this leaf to one under another leaf, each a new flow.
      const int leaf = static_cast<int>(w.place.index);
      int made = 0;
      for (HostRail hr = 0; hr < facts.rails.size() && made < w.count; ++hr) {
        if (leaf_of(fabric, facts.rails, hr) != leaf) continue;
        const RailFacts& rf = facts.by_rail[hr];
        if (!rf.both_ways_clear() || !rf.clear(kOut) || tested_places.count(hr)) continue;
        if (auto far = receivers.take(hr, leaf, false)) {
          out.push_back({{0, hr, *far, 0}, w.why});
          tested_places.insert(hr);
          ++made;
        }
      }
      continue;
    }
    const HostRail x = w.place.index;
    const int leaf = leaf_of(fabric, facts.rails, x);
    for (int i = 0; i < w.count; ++i) {
      switch (w.need) {
        case Wanted::Need::loopback:
          if (looped.insert(x).second) out.push_back({{0, x, x, 0}, w.why});
          break;
        case Wanted::Need::send:
          if (auto p = receivers.take(x, leaf, true)) out.push_back({{0, x, *p, 0}, w.why});
          break;
        case Wanted::Need::receive:
          if (auto p = senders.take(x, leaf, true)) out.push_back({{0, *p, x, 0}, w.why});
          break;
        case Wanted::Need::across: break;
      }
    }
  }
  return out;
}

}  // namespace roce::sweep
