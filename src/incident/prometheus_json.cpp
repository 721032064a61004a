// Prometheus matrix answers read.
#include "incident/prometheus_json.hpp"

#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

#include "util/json_parse.hpp"

namespace roce::incident {

Expected<std::vector<PromSeries>> parse_prometheus_matrix(std::string_view text, const std::string& name) {
  auto doc = util::json_parse<nlohmann::json>(text);
  if (!doc) return fail(name + ": " + doc.error().message, doc.error().hint);
  const nlohmann::json& j = *doc;
  if (j.is_discarded() || !j.is_object())
    return fail(name + ": the answer is not JSON", "is the URL a Prometheus server?");
  const auto status = j.find("status");
  if (status == j.end() || !status->is_string())
    return fail(name + ": the answer has no status", "is the URL a Prometheus server?");
  if (*status != "success") {
    const auto type = j.value("errorType", std::string("?")), error = j.value("error", std::string("?"));
    return fail(name + ": Prometheus answered " + type + ": " + error, "");
  }
  const auto data = j.find("data");
  if (data == j.end() || !data->is_object() || data->value("resultType", std::string()) != "matrix" ||
      !data->contains("result") || !(*data)["result"].is_array())
    return fail(name + ": the answer is not a matrix (data.resultType, data.result)", "");
  std::vector<PromSeries> out;
  for (const auto& r : (*data)["result"]) {
    if (!r.is_object()) continue;
    PromSeries s;
    if (auto m = r.find("metric"); m != r.end() && m->is_object())
      for (const auto& [k, v] : m->items())
        if (v.is_string()) s.labels[k] = v.get<std::string>();
    const auto values = r.find("values");
    if (values == r.end() || !values->is_array()) continue;
    for (const auto& p : *values) {
      if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_string()) continue;
      const std::string v = p[1].get<std::string>();
      double value = 0;
      const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
      if (ec != std::errc() || end != v.data() + v.size() || !std::isfinite(value)) continue;
      s.points.push_back({std::llround(p[0].get<double>() * 1000.0), value});
    }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace roce::incident
