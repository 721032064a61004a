// Scoring a storm analysis against a scenario's truth.
#include "storm_score.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "util/read_file.hpp"

namespace bench {
namespace {

using nlohmann::json;

std::optional<PortKey> port_of(const json& j) {
  if (!j.is_object() || !j.contains("node") || !j.contains("port")) return std::nullopt;
  return PortKey{j["node"].get<std::string>(), j["port"].get<std::string>()};
}

std::vector<PortKey> ports_of(const json& j, const char* key) {
  std::vector<PortKey> out;
  if (j.contains(key))
    for (const auto& e : j[key])
      if (auto p = port_of(e)) out.push_back(*p);
  return out;
}

bool has(const std::vector<PortKey>& v, const PortKey& p) { return std::find(v.begin(), v.end(), p) != v.end(); }

}  // namespace

roce::Expected<StormTruthFile> parse_truth(const std::string& text, const std::string& name) {
  json j;
  try {
    j = json::parse(text);
    StormTruthFile t;
    t.scenario = j.at("scenario").get<std::string>();
    t.cause = j.at("cause").get<std::string>();
    t.origin = port_of(j.at("origin"));
    if (j.at("onset_unix_ms").is_number()) t.onset_unix_ms = j["onset_unix_ms"].get<std::int64_t>();
    t.sample_interval_ms = j.at("sample_interval_ms").get<std::int64_t>();
    t.victims = ports_of(j, "victims");
    t.cycle = ports_of(j, "cycle");
    t.unrelated_paused = ports_of(j, "unrelated_paused");
    return t;
  } catch (const json::exception& e) {
    return roce::fail(name + ": not a storm truth file: " + e.what(), "give the truth.json a scenario folder holds");
  }
}

roce::Expected<StormTruthFile> read_truth_file(const std::string& path) {
  auto text = roce::util::read_file(path);
  if (!text) return roce::fail(text.error());
  return parse_truth(*text, path);
}

StormScore score(const StormTruthFile& t, const StormVerdict& v) {
  StormScore s;
  // A draw whose fault never raised its storm (its ring never closed, its incast was absorbed) has
  // no truth to score against: the model knows no origin for whatever pausing it left.
  if (t.cause != "none" && !t.onset_unix_ms) {
    s.unscored = true;
    s.unscored_named = v.origin.has_value();
    s.unscored_named_fault = v.origin && t.origin && *v.origin == *t.origin;
    return s;
  }
  if (t.cause == "none")
    s.origin_right = !v.origin;
  else if (t.cause == "cycle")
    s.origin_right = v.origin && (has(t.cycle, *v.origin) || (t.origin && *v.origin == *t.origin));
  else
    s.origin_right = v.origin && t.origin && *v.origin == *t.origin;
  s.cause_right = v.cause == t.cause;
  s.victim_named_origin = v.origin && has(t.victims, *v.origin);
  for (const PortKey& p : v.victims) {
    if (has(t.victims, p))
      ++s.victims_found;
    else if (!has(t.cycle, p) && !has(t.unrelated_paused, p) && !(t.origin && p == *t.origin))
      ++s.victims_invented;
  }
  s.victims_missed = static_cast<int>(t.victims.size()) - s.victims_found;
  if (v.origin_unix_ms && t.onset_unix_ms && t.sample_interval_ms > 0)
    s.origin_time_error_intervals = std::fabs(static_cast<double>(*v.origin_unix_ms - *t.onset_unix_ms)) /
                                    static_cast<double>(t.sample_interval_ms);
  return s;
}

}  // namespace bench
