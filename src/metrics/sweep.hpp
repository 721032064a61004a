#pragma once
// What `metrics` and `serve` do at each sweep: the input judged (judge::judge) and rendered as the
// Prometheus exposition.
#include <chrono>
#include <string>

#include "judge/input.hpp"
#include "profile/profile.hpp"

namespace roce::metrics {

/// The file name in --textfile DIR: node_exporter reads `*.prom`.
inline constexpr const char* kTextfileName = "roce_doctor.prom";

/// The catalog run on the input (its two samples give the rates) and rendered as the exposition;
/// `started` is when reading the host began (the sweep's duration).
std::string judge_as_metrics(const judge::Input& input, const profile::Profile& profile,
                             std::chrono::steady_clock::time_point started);

}  // namespace roce::metrics
