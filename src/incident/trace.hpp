#pragma once
// `roce-doctor storm` as one library call: the sources read in two passes (incident/windows.hpp
// says why and how much is kept), each window's port series and the cables analysed by
// storm::analyze, the storms of every window together.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "incident/prometheus_source.hpp"
#include "incident/windows.hpp"
#include "storm/analyze.hpp"
#include "util/result.hpp"

namespace roce::incident {

struct Request {
  std::vector<std::string> paths;         // recordings, captures, folders of them
  std::vector<std::string> switch_paths;  // --switch
  std::string switch_name;                // --switch-name (with one --switch)
  std::optional<PrometheusQuery> prometheus;
  std::int64_t since_ms = INT64_MIN, until_ms = INT64_MAX;
  std::optional<std::int64_t> bin_ms;  // --bin; default: the sources' usual interval, at least 1 s
  std::int64_t max_skew_ms = 100;
  std::size_t budget_port_samples = WindowOptions{}.budget_port_samples;
};

struct Traced {
  storm::Incident fabric;    // every port read in a window (without samples) and every cable
  storm::Analysis analysis;  // the storms of every window in time order; notes of the reading too
  std::size_t sources = 0, windows = 0;
  bool pause_counters = false;  // some source had a pause counter: something could be judged
};

/// Fails (exit 3) for a PATH that does not exist or a Prometheus server that cannot be queried.
Result<Traced> trace_storms(const Request& request);

}  // namespace roce::incident
