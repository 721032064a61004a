#include "timeline_samples.hpp"

#include "host_builder.hpp"

namespace roce::testing {
namespace {

// base + steps * (later - base) for every counter that grew between the two hosts.
void advance(model::CounterSet& out, const model::CounterSet& base, const model::CounterSet& later, double steps) {
  for (std::size_t k = 0; k < out.entries.size() && k < later.entries.size(); ++k) {
    const std::uint64_t b = base.entries[k].second, l = later.entries[k].second;
    if (l > b) out.entries[k].second = b + static_cast<std::uint64_t>(steps * static_cast<double>(l - b));
  }
}

}  // namespace

std::vector<model::Host> sample_series(const SeriesSpec& spec) {
  const Scenario s = healthy_scenario();
  const model::Host h0 = s.build_before(), h1 = s.build_now();
  std::vector<model::Host> out;
  double storm_us = 0;
  for (int i = 0; i < spec.samples; ++i) {
    model::Host h = h0;
    const double steps = i * spec.step_s / 60.0;
    h.monotonic_ns = h0.monotonic_ns + static_cast<std::int64_t>(i * spec.step_s * 1e9);
    h.time_unix_ms = h0.time_unix_ms + static_cast<std::int64_t>(i * spec.step_s * 1e3);
    auto& nd = netdev(h);
    advance(*nd.ethtool_stats, *h0.netdevs[0].ethtool_stats, *h1.netdevs[0].ethtool_stats, steps);
    auto& port = rdma_port(h);
    advance(*port.hw_counters, *h0.rdma_devices[0].ports[0].hw_counters, *h1.rdma_devices[0].ports[0].hw_counters,
            steps);
    for (const auto& storm : spec.storms)
      if (i > storm.from && i <= storm.to) storm_us += storm.fraction * spec.step_s * 1e6;
    const auto duration = nd.ethtool_stats->get("tx_prio3_pause_duration");
    set_counter(*nd.ethtool_stats, "tx_prio3_pause_duration", *duration + static_cast<std::uint64_t>(storm_us));
    out.push_back(std::move(h));
  }
  return out;
}

}  // namespace roce::testing
