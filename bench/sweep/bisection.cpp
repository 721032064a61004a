// Serial bisection over the hosts.
#include "bisection.hpp"

#include <algorithm>
#include <numeric>
#include <set>

namespace roce::bench {
namespace {

class Bisection {
 public:
  explicit Bisection(const sim::FabricSim& sim, MethodRun& out) : sim_(sim), out_(out) {}

  // One run: host i sends to host i+1 (the last to the first) on every rail both have. The rails
  // of each host that ran slow, sending or receiving; empty when the run was clean.
  std::set<fabric::HostRail> run(const std::vector<int>& hosts) {
    ++out_.rounds;
    std::set<fabric::HostRail> slow;
    if (hosts.size() < 2) return slow;
    const auto& f = sim_.fabric();
    for (std::size_t i = 0; i < hosts.size(); ++i) {
      const int a = hosts[i], b = hosts[(i + 1) % hosts.size()];
      if (hosts.size() == 2 && i == 1) break;  // two hosts: one test each way is the ring
      for (int way = 0; way < (hosts.size() == 2 ? 2 : 1); ++way) {
        const int from = way == 0 ? a : b, to = way == 0 ? b : a;
        const std::size_t common = std::min(f.hosts[from].rails.size(), f.hosts[to].rails.size());
        for (std::size_t k = 0; k < common; ++k) {
          const auto client = *sim_.rails().of(from, static_cast<int>(k));
          const auto server = *sim_.rails().of(to, static_cast<int>(k));
          const fabric::Test t{++id_, client, server, id_};
          ++out_.tests;
          if (sim_.measure(t) < kLowRatio * sim_.line_gbps(t)) {
            slow.insert(client);
            slow.insert(server);
          }
        }
      }
    }
    return slow;
  }

  // A run, repeated while it is slow until the NIC ports slow in every run so far stay the same
  // (what an operator does before halving on a busy host's transient), at most four runs.
  std::set<fabric::HostRail> confirmed(const std::vector<int>& hosts) {
    auto slow = run(hosts);
    for (int repeat = 0; !slow.empty() && repeat < 3; ++repeat) {
      std::set<fabric::HostRail> again;
      for (fabric::HostRail hr : run(hosts))
        if (slow.count(hr)) again.insert(hr);
      const bool settled = again == slow;
      slow = std::move(again);
      if (settled) break;
    }
    return slow;
  }

  // Halves `suspects` down to one host; the NIC ports it ran slow on against a good host.
  std::vector<fabric::HostRail> isolate(std::vector<int> suspects) {
    while (suspects.size() > 1) {
      const std::vector<int> first(suspects.begin(), suspects.begin() + static_cast<long>(suspects.size() / 2));
      const std::vector<int> second(suspects.begin() + static_cast<long>(suspects.size() / 2), suspects.end());
      const bool slow =
          first.size() >= 2 ? !confirmed(first).empty() : !confirmed({first[0], good_partner(first[0])}).empty();
      if (!slow) good_.insert(first.begin(), first.end());
      suspects = slow ? first : second;
    }
    const int host = suspects.front();
    std::vector<fabric::HostRail> named;
    for (fabric::HostRail hr : confirmed({host, good_partner(host)}))
      if (sim_.rails().host(hr) == host) named.push_back(hr);
    return named;
  }

  void blamed(int host) { removed_.insert(host); }
  bool removed(int host) const { return removed_.count(host) > 0; }

 private:
  int good_partner(int host) const {
    for (int g : good_)
      if (g != host) return g;
    return host == 0 ? 1 : 0;
  }

  const sim::FabricSim& sim_;
  MethodRun& out_;
  std::uint32_t id_ = 0;
  std::set<int> good_, removed_;
};

}  // namespace

MethodRun run_bisection(const sim::FabricSim& sim) {
  MethodRun out;
  const int hosts = static_cast<int>(sim.fabric().hosts.size());
  if (hosts < 2) return out;
  Bisection b(sim, out);
  for (int isolation = 0; isolation < 5; ++isolation) {
    std::vector<int> suspects;
    for (int h = 0; h < hosts; ++h)
      if (!b.removed(h)) suspects.push_back(h);
    if (b.confirmed(suspects).empty()) break;
    const auto named = b.isolate(suspects);
    if (named.empty()) break;
    b.blamed(sim.rails().host(named.front()));
    for (fabric::HostRail hr : named) out.named.push_back({{fabric::Kind::nic, hr}, {}});
  }
  return out;
}

}  // namespace roce::bench
