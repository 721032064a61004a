#pragma once
// Sampling a running scenario as its nodes would: each node every sample interval from its own
// phase, its counters interpolated within the model's stretch at that true time, stamped with the
// node's skewed clock. Hands each sample to a callback (the files' writer).
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "sim/lossless_sim.hpp"
#include "sim/storm_scenarios.hpp"

namespace roce::sim {

struct NodeSample {
  int node = -1;
  double true_s = 0;             // when it was taken (simulated time)
  std::int64_t unix_ms = 0;      // what the node's clock said
  const double* rows = nullptr;  // the node's ports x slot::kCount counters
};

class FabricSampler : public CounterSink {
 public:
  using Emit = std::function<void(const NodeSample&)>;
  /// Samples the nodes for which `wanted(node)` holds; the rest are not sampled.
  FabricSampler(const Scenario& scenario, Emit emit, std::function<bool(int node)> wanted = {});
  void stretch(double t0_us, const std::vector<double>& at_t0, double t1_us, const std::vector<double>& at_t1) override;

 private:
  struct Due {
    double us;
    int node;
    bool operator>(const Due& o) const { return us != o.us ? us > o.us : node > o.node; }
  };
  const Scenario& scenario_;
  Emit emit_;
  std::vector<int> first_port_, port_count_;
  std::priority_queue<Due, std::vector<Due>, std::greater<Due>> due_;
  std::vector<double> rows_;
};

}  // namespace roce::sim
