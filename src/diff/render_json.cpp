#include <nlohmann/json.hpp>

#include "diff/render.hpp"
#include "util/json_dump.hpp"

namespace roce::diff {
namespace {

using Json = nlohmann::ordered_json;

Json side(const std::string& host, const std::string& label) {
  Json j = Json::object();
  j["hostname"] = host;
  j["label"] = label;
  return j;
}

Json to_json(const ConfigChange& c) {
  Json j = Json::object();
  j["subject"] = c.subject;
  j["field"] = c.field;
  j["before"] = c.before;
  j["after"] = c.after;
  j["before_availability"] = c.before_availability;
  j["after_availability"] = c.after_availability;
  j["details"] = c.details;
  return j;
}

template <class T>
Json optional_json(const std::optional<T>& v) {
  return v ? Json(*v) : Json(nullptr);
}

Json to_json(const CounterChange& c) {
  Json j = Json::object();
  j["subject"] = c.subject;
  j["counter"] = c.counter;
  j["canonical"] = c.canonical.empty() ? Json(nullptr) : Json(c.canonical);
  j["before"] = optional_json(c.before);
  j["after"] = optional_json(c.after);
  j["delta"] = c.before && c.after ? Json(c.delta) : Json(nullptr);
  j["reset"] = c.reset;
  j["rate_per_s"] = optional_json(c.rate_per_s);
  j["lossless"] = c.lossless;
  return j;
}

}  // namespace

std::string render_json(const Diff& d, const RenderOptions& o) {
  Json j = Json::object();
  j["format"] = "roce-doctor-diff";
  j["schema_version"] = 1;
  j["a"] = side(d.host_a, o.label_a);
  j["b"] = side(d.host_b, o.label_b);
  j["same_host"] = d.same_host;
  j["seconds"] = optional_json(d.seconds);
  j["clock"] = d.clock.empty() ? Json(nullptr) : Json(d.clock);
  j["config_differences"] = d.config.size();
  j["config"] = Json::array();
  for (const auto& c : d.config) j["config"].push_back(to_json(c));
  j["counters_compared"] = d.same_host;
  j["counters_changed"] = d.counters.size();
  j["counters"] = Json::array();
  const std::size_t shown = o.all ? d.counters.size() : std::min(o.top, d.counters.size());
  for (std::size_t i = 0; i < shown; ++i) j["counters"].push_back(to_json(d.counters[i]));
  j["notes"] = d.notes;
  return util::json_dump(j, 2) + "\n";
}

}  // namespace roce::diff
