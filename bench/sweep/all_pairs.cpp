// All pairs in N-1 rounds, read by eye.
#include "all_pairs.hpp"

#include <algorithm>

namespace roce::bench {

MethodRun run_all_pairs(const sim::FabricSim& sim) {
  MethodRun out;
  const auto& f = sim.fabric();
  const auto& rails = sim.rails();
  const int hosts = static_cast<int>(f.hosts.size());
  const int slots = hosts + hosts % 2;  // an odd count sits one host out each round
  struct Row {
    std::size_t sent = 0, sent_low = 0, received = 0, received_low = 0;
  };
  std::vector<Row> rows(rails.size());
  std::uint32_t id = 0;
  std::vector<std::pair<int, int>> pairs;
  for (int r = 0; r < slots - 1; ++r) {
    const double start = thread_cpu_s();
    pairs.clear();
    // The circle method: the last slot stays, the others turn one place each round.
    pairs.push_back(r % 2 == 0 ? std::pair{slots - 1, r} : std::pair{r, slots - 1});
    for (int i = 1; i < slots / 2; ++i) pairs.push_back({(r + i) % (slots - 1), (r - i + slots - 1) % (slots - 1)});
    out.plan_cpu_s += thread_cpu_s() - start;
    ++out.rounds;
    for (const auto& [a, b] : pairs) {
      if (a >= hosts || b >= hosts) continue;
      const std::size_t common = std::min(f.hosts[a].rails.size(), f.hosts[b].rails.size());
      for (std::size_t k = 0; k < common; ++k) {
        const auto client = *rails.of(a, static_cast<int>(k)), server = *rails.of(b, static_cast<int>(k));
        const fabric::Test t{++id, client, server, id};
        const bool low = sim.measure(t) < kLowRatio * sim.line_gbps(t);
        ++rows[client].sent;
        ++rows[server].received;
        rows[client].sent_low += low;
        rows[server].received_low += low;
        ++out.tests;
      }
    }
  }
  const double start = thread_cpu_s();
  for (fabric::HostRail hr = 0; hr < rows.size(); ++hr) {
    const Row& row = rows[hr];
    if (2 * row.sent_low > row.sent || 2 * row.received_low > row.received)
      out.named.push_back({{fabric::Kind::nic, hr}, {}});
  }
  out.localize_cpu_s = out.localize_max_s = thread_cpu_s() - start;
  return out;
}

}  // namespace roce::bench
