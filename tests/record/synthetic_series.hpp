#pragma once
// Synthetic but realistic Host series for the recording tests, built on the ConnectX-6 Dx example
// host (examples/cx6dx_example.hpp).
#include <cstdint>
#include <vector>

#include "model/host.hpp"

namespace roce::test {

// A host of `ports` mlx5 ports, each with ~500 ethtool counters (the example's 168 plus per-queue
// rx/tx counters of 24 channels), its RDMA device's PMA and hw_counters, stats64, PFC and a qdisc.
model::Host mlx5_host(int ports);

// Advances every counter by one second of traffic: ports 0..ports/2-1 loaded (line rate, 8 busy
// queues, pauses and CNPs on priority 3), the others nearly idle. Deterministic for a seed.
class TrafficModel {
 public:
  explicit TrafficModel(std::uint64_t seed) : state_(seed | 1) {}
  void advance(model::Host& host, std::int64_t step_ms = 1000);

 private:
  std::uint64_t next();  // xorshift64*
  double uniform() { return static_cast<double>(next() >> 11) / 9007199254740992.0; }
  std::uint64_t state_;
};

// The hosts of a day's recording in miniature: `count` samples of mlx5_host(ports) under the model.
std::vector<model::Host> mlx5_series(int ports, int count, std::uint64_t seed = 42);

// Counters per sample of a host (what split_sample extracts), for bytes-per-counter-sample figures.
std::size_t counter_count(const model::Host& host);

}  // namespace roce::test
