// The coverage rounds of a sweep and how a round is fitted from wanted tests.
#include "sweep/plan.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace roce::sweep {
namespace {

using fabric::HostRail;
using fabric::HostRails;

// A host's leaf group: the leaf of its first rail (-1 when not known). Hosts of one group share
// their leaves, so a test between two of them crosses no spine.
int group_of(const fabric::Host& host) { return host.rails.empty() ? -1 : host.rails.front().leaf; }

// The hosts round-robin over their groups: neighbours in this order are under different leaves
// whenever there are two groups or more.
std::vector<int> interleaved(const fabric::Fabric& fabric) {
  std::map<int, std::vector<int>> by_group;
  for (int h = 0; h < static_cast<int>(fabric.hosts.size()); ++h) by_group[group_of(fabric.hosts[h])].push_back(h);
  std::vector<int> order;
  for (std::size_t slot = 0; order.size() < fabric.hosts.size(); ++slot)
    for (const auto& [group, hosts] : by_group)
      if (slot < hosts.size()) order.push_back(hosts[slot]);
  return order;
}

// Rail-aligned tests from host a to host b: rail i of a to rail i of b, for the rails both have.
void add_pair(std::vector<fabric::Test>& tests, const fabric::Fabric& fabric, const HostRails& rails, int a, int b) {
  const std::size_t common = std::min(fabric.hosts[a].rails.size(), fabric.hosts[b].rails.size());
  for (std::size_t r = 0; r < common; ++r)
    tests.push_back({0, *rails.of(a, static_cast<int>(r)), *rails.of(b, static_cast<int>(r)), 0});
}

struct Pairing {
  std::vector<std::pair<int, int>> pairs;  // client host, server host
  std::vector<int> left_out;
};

// Round one: neighbours of the interleaved order (other leaves where there are any), every other
// pair turned round so that each group has as many senders as receivers.
Pairing first_pairing(const std::vector<int>& order) {
  Pairing p;
  for (std::size_t i = 0; i + 1 < order.size(); i += 2)
    p.pairs.push_back((i / 2) % 2 == 0 ? std::pair{order[i], order[i + 1]} : std::pair{order[i + 1], order[i]});
  if (order.size() % 2 == 1) p.left_out.push_back(order.back());
  return p;
}

// Round two: every host in the other role and with another partner. Senders and receivers are
// sorted by leaf group, so that the i-th of each is under the same leaves, then matched with the
// smallest shift that gives no host its first partner again.
Pairing second_pairing(const fabric::Fabric& fabric, const Pairing& first) {
  std::map<int, int> partner;
  std::vector<int> senders, receivers;
  for (const auto& [client, server] : first.pairs) {
    partner[client] = server;
    partner[server] = client;
    senders.push_back(server);
    receivers.push_back(client);
  }
  const auto by_group = [&](int a, int b) { return group_of(fabric.hosts[a]) < group_of(fabric.hosts[b]); };
  std::stable_sort(senders.begin(), senders.end(), by_group);
  std::stable_sort(receivers.begin(), receivers.end(), by_group);
  const std::size_t n = senders.size();
  std::size_t best_shift = 0, best_repeats = n + 1;
  for (std::size_t shift = 0; shift < n && best_repeats > 0; ++shift) {
    std::size_t repeats = 0;
    for (std::size_t i = 0; i < n; ++i) repeats += partner[senders[i]] == receivers[(i + shift) % n];
    if (repeats < best_repeats) {
      best_repeats = repeats;
      best_shift = shift;
    }
  }
  Pairing p;
  for (std::size_t i = 0; i < n; ++i) {
    const int s = senders[i], r = receivers[(i + best_shift) % n];
    if (partner[s] == r) {  // only two hosts: no other partner
      p.left_out.push_back(s);
      p.left_out.push_back(r);
    } else {
      p.pairs.push_back({s, r});
    }
  }
  p.left_out.insert(p.left_out.end(), first.left_out.begin(), first.left_out.end());
  return p;
}

Round round_of(const fabric::Fabric& fabric, const HostRails& rails, const Pairing& pairing, std::string purpose) {
  std::vector<fabric::Test> tests;
  for (const auto& [a, b] : pairing.pairs) add_pair(tests, fabric, rails, a, b);
  return fit_round(tests, 0, std::move(purpose));
}

void number(std::vector<Round>& rounds) {
  std::uint32_t id = 0;
  for (auto& round : rounds)
    for (auto& t : round.tests) {
      t.id = ++id;
      t.flow = t.id;
    }
}

}  // namespace

int round_limit(std::size_t hosts, const PlanOptions& options) {
  if (options.max_rounds > 0) return options.max_rounds;
  return static_cast<int>(std::ceil(std::log2(static_cast<double>(std::max<std::size_t>(hosts, 2))))) + 3;
}

Round fit_round(const std::vector<fabric::Test>& wanted, std::uint32_t first_id, std::string purpose) {
  Round round;
  round.purpose = std::move(purpose);
  std::vector<bool> busy;
  const auto take = [&](HostRail hr) {
    if (hr >= busy.size()) busy.resize(hr + 1, false);
    const bool was = busy[hr];
    busy[hr] = true;
    return !was;
  };
  const auto is_busy = [&](HostRail hr) { return hr < busy.size() && busy[hr]; };
  for (const auto& t : wanted) {
    if (is_busy(t.client) || is_busy(t.server)) continue;
    take(t.client);
    take(t.server);
    fabric::Test kept = t;
    kept.id = first_id++;
    if (kept.flow == 0) kept.flow = kept.id;
    round.tests.push_back(kept);
  }
  return round;
}

Coverage plan_coverage(const fabric::Fabric& fabric, const PlanOptions& options) {
  const HostRails rails(fabric);
  Coverage coverage;
  if (options.loopback) {
    Round alone;
    alone.purpose = "every NIC alone (loopback: the NIC and its PCIe, no cable or switch)";
    for (HostRail hr = 0; hr < rails.size(); ++hr) alone.tests.push_back({0, hr, hr, 0});
    coverage.rounds.push_back(std::move(alone));
  }
  const auto first = first_pairing(interleaved(fabric));
  coverage.rounds.push_back(
      round_of(fabric, rails, first, "every NIC paired, rail-aligned, across leaves where there are several"));
  if (first.pairs.empty()) {
    coverage.rounds.pop_back();
  } else {
    const auto second = second_pairing(fabric, first);
    coverage.rounds.push_back(
        round_of(fabric, rails, second, "every NIC in the other direction, another partner, under its own leaves"));
    std::map<int, int> tested;
    for (const auto& p : {first, second})
      for (const auto& [a, b] : p.pairs) {
        ++tested[a];
        ++tested[b];
      }
    for (int h = 0; h < static_cast<int>(fabric.hosts.size()); ++h)
      if (tested[h] < 2)
        for (int r = 0; r < static_cast<int>(fabric.hosts[h].rails.size()); ++r)
          coverage.unpaired.push_back(*rails.of(h, r));
  }
  if (first.pairs.empty())
    for (HostRail hr = 0; hr < rails.size(); ++hr) coverage.unpaired.push_back(hr);
  number(coverage.rounds);
  return coverage;
}

}  // namespace roce::sweep
