// A source's first-pass summary from its samples' times and pause fingerprints.
#include "incident/scan_builder.hpp"

#include <algorithm>

namespace roce::incident {
namespace {
constexpr std::size_t kFirstSteps = 31;
constexpr std::size_t kMostGaps = 10'000;
}  // namespace

ScanBuilder::ScanBuilder(std::string name, const ScanOptions& options) : options_(options) {
  scan_.name = std::move(name);
}

void ScanBuilder::sample(std::int64_t t_ms, std::uint64_t fingerprint, std::size_t ports) {
  if (scan_.samples == 0) scan_.first_ms = t_ms;
  scan_.first_ms = std::min(scan_.first_ms, t_ms);
  scan_.last_ms = std::max(scan_.last_ms, t_ms);
  ++scan_.samples;
  scan_.ports = std::max(scan_.ports, ports);
  if (have_previous_) {
    const std::int64_t step = t_ms - previous_ms_;
    if (step > 0 && first_steps_.size() < kFirstSteps) first_steps_.push_back(step);
    if (step > 3 * options_.bin_ms && long_steps_.size() < kMostGaps) long_steps_.push_back({previous_ms_, t_ms});
    const bool inside = t_ms >= options_.since_ms && previous_ms_ <= options_.until_ms;
    if (inside && fingerprint != previous_fingerprint_)
      add_interval(scan_.active, {std::min(previous_ms_, t_ms), std::max(previous_ms_, t_ms)}, options_.join_ms);
  }
  have_previous_ = true;
  previous_ms_ = t_ms;
  previous_fingerprint_ = fingerprint;
}

void ScanBuilder::quiet_run(std::int64_t first_ms, std::int64_t last_ms, std::uint64_t samples) {
  if (samples == 0) return;
  sample(first_ms, previous_fingerprint_, scan_.ports);
  if (samples == 1) return;
  scan_.samples += samples - 1;
  scan_.last_ms = std::max(scan_.last_ms, last_ms);
  if (first_steps_.size() < kFirstSteps && last_ms > first_ms)
    first_steps_.push_back((last_ms - first_ms) / static_cast<std::int64_t>(samples - 1));
  previous_ms_ = last_ms;
}

SourceScan ScanBuilder::finish() {
  if (!first_steps_.empty()) {
    std::nth_element(first_steps_.begin(), first_steps_.begin() + first_steps_.size() / 2, first_steps_.end());
    scan_.interval_ms = first_steps_[first_steps_.size() / 2];
  }
  for (const auto& g : long_steps_)
    if (g.to_ms - g.from_ms > 3 * std::max(scan_.interval_ms, options_.bin_ms)) scan_.gaps.push_back(g);
  return std::move(scan_);
}

}  // namespace roce::incident
