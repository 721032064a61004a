// Per-node sampling of a scenario's run.
#include "sim/fabric_sampler.hpp"

#include <algorithm>
#include <cmath>

#include "sim/lossless_counters.hpp"

namespace roce::sim {

FabricSampler::FabricSampler(const Scenario& scenario, Emit emit, std::function<bool(int)> wanted)
    : scenario_(scenario), emit_(std::move(emit)) {
  int total = 0;
  for (std::size_t n = 0; n < scenario.fabric.nodes.size(); ++n) {
    first_port_.push_back(total);
    port_count_.push_back(static_cast<int>(scenario.fabric.nodes[n].ports.size()));
    total += port_count_.back();
    const double phase = n < scenario.clocks.size() ? scenario.clocks[n].phase_ms * 1e3 : 0;
    if (!wanted || wanted(static_cast<int>(n))) due_.push({phase, static_cast<int>(n)});
  }
}

void FabricSampler::stretch(double t0, const std::vector<double>& a, double t1, const std::vector<double>& b) {
  const double interval_us = scenario_.sample_interval_s * 1e6;
  while (!due_.empty() && due_.top().us < t1) {
    const Due d = due_.top();
    due_.pop();
    const double share = t1 > t0 ? std::clamp((d.us - t0) / (t1 - t0), 0.0, 1.0) : 1.0;
    const std::size_t from = static_cast<std::size_t>(first_port_[d.node]) * slot::kCount;
    const std::size_t n = static_cast<std::size_t>(port_count_[d.node]) * slot::kCount;
    rows_.resize(n);
    for (std::size_t i = 0; i < n; ++i) rows_[i] = a[from + i] + (b[from + i] - a[from + i]) * share;
    const double skew_ms =
        static_cast<std::size_t>(d.node) < scenario_.clocks.size() ? scenario_.clocks[d.node].skew_ms : 0;
    NodeSample s;
    s.node = d.node;
    s.true_s = d.us / 1e6;
    s.unix_ms = scenario_.epoch_unix_ms + static_cast<std::int64_t>(std::llround(d.us / 1e3 + skew_ms));
    s.rows = rows_.data();
    emit_(s);
    due_.push({d.us + interval_us, d.node});
  }
}

}  // namespace roce::sim
