#include "diff/json_paths.hpp"

#include <array>

#include "model/dcb_text.hpp"

namespace roce::diff {

bool is_counter_member(std::string_view key) {
  static constexpr std::array<std::string_view, 10> kCounters = {
      "stats",       "ethtool_stats", "counters",  "hw_counters", "carrier_changes",
      "requests",    "indications",   "tx_frames", "rx_frames",   "red_xstats"};
  for (const auto k : kCounters)
    if (k == key) return true;
  return false;
}

bool is_sample_member(std::string_view key) {
  return key == "format" || key == "schema_version" || key == "hostname" || key == "time_unix_ms" ||
         key == "monotonic_ns" || key == "from" || key == "notes";
}

bool is_field(const Json& j) {
  if (!j.is_object() || j.empty()) return false;
  if (!j.contains("value") && !j.contains("availability")) return false;
  for (const auto& [key, _] : j.items())
    if (key != "value" && key != "availability" && key != "cause" && key != "from") return false;
  return true;
}

namespace {

// tc's notation: "root", "8001:", "1:3".
std::string tc_handle(const Json& j) {
  return j.is_number_unsigned() ? model::tc_handle_text(j.get<std::uint32_t>()) : j.dump();
}

std::string scalar_text(const Json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

}  // namespace

std::optional<std::string> element_identity(const Json& e) {
  if (!e.is_object()) return std::nullopt;
  if (e.contains("name")) return scalar_text(e["name"]);
  if (e.contains("number")) return scalar_text(e["number"]);
  if (e.contains("index")) return scalar_text(e["index"]);
  if (e.contains("handle") && e.contains("parent"))
    return "parent " + tc_handle(e["parent"]) + " handle " + tc_handle(e["handle"]);
  return std::nullopt;
}

std::string join_path(const std::string& path, std::string_view key) {
  if (path.empty()) return std::string(key);
  return path + "." + std::string(key);
}

}  // namespace roce::diff
