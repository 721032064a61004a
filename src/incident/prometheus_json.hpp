#pragma once
// A Prometheus HTTP API answer (`/api/v1/query_range`, or `/api/v1/query` of a range vector) as
// series: {"status": "success", "data": {"resultType": "matrix", "result": [{"metric": {labels},
// "values": [[unix_seconds, "value"], ...]}, ...]}}. Pure.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/expected.hpp"

namespace roce::incident {

struct PromSeries {
  std::map<std::string, std::string> labels;            // __name__ among them, when the query keeps it
  std::vector<std::pair<std::int64_t, double>> points;  // Unix ms, value; NaN and ±Inf left out
};

/// Fails "NAME: ..." for an answer that is not JSON, an error answer (its errorType and error), or
/// not a matrix.
Expected<std::vector<PromSeries>> parse_prometheus_matrix(std::string_view text, const std::string& name);

}  // namespace roce::incident
