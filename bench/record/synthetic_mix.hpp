#pragma once
// A synthetic mlx5-like counter mix for the recording benchmark: P ports x C counters, sampled at
// 1 Hz. About 10% traffic counters (bytes/packets growing with a load that drifts), about 5% error
// and pause counters that stay flat except in bursts, the rest constant (as most of an mlx5
// `ethtool -S` is: per-queue counters of idle queues, feature counters that never move).
// Deterministic: the same seed gives the same series.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "model/host.hpp"

namespace bench {

class SyntheticMix {
 public:
  SyntheticMix(int ports, int counters, std::uint64_t seed);
  // The host at sample `i` (1 s apart): updates the counter values in place and returns it.
  const roce::model::Host& next();
  int samples_taken() const { return samples_; }
  // The sample as `ethtool -S` would print it for every port, preceded by a "=== TIME" line: what a
  // shell loop logging `date; ethtool -S` would store.
  void append_text_log(std::string& out) const;

 private:
  enum class Kind : std::uint8_t { traffic, bursty, constant };
  roce::model::Host host_;
  std::vector<std::vector<Kind>> kinds_;  // per port, per counter
  std::mt19937_64 rng_;
  int samples_ = 0;
  int burst_left_ = 0;
};

}  // namespace bench
