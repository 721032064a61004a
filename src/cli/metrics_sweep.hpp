#pragma once
// What `metrics` and `serve` share: judging a host read through cli/input and rendering the
// Prometheus exposition of it, and writing it for node_exporter's textfile collector.
#include <chrono>
#include <string>

#include "model/host.hpp"
#include "model/observations.hpp"
#include "profile/profile.hpp"
#include "util/expected.hpp"

namespace roce::cli {

/// The catalog run on `now` (and `before`, `dt` seconds earlier, for rates; may be null) and
/// rendered as the exposition; `started` is when reading the host began (the sweep's duration).
std::string judge_as_metrics(const model::Host& now, const model::Host* before, double dt,
                             const profile::Profile& profile, const model::Observations* observations,
                             std::chrono::steady_clock::time_point started);

/// The file name in --textfile DIR: node_exporter reads `*.prom`.
inline constexpr const char* kTextfileName = "roce_doctor.prom";

/// Writes `text` as DIR/roce_doctor.prom without a torn file ever being visible: a temporary
/// `roce_doctor.prom.PID` in the same directory, fsync, rename(2) over the old one.
Outcome write_textfile(const std::string& dir, const std::string& text);

}  // namespace roce::cli
