// Storms as JSON.
#include "storm/render_json.hpp"

#include <nlohmann/json.hpp>

#include "storm/verdict.hpp"
#include "util/json_dump.hpp"

namespace roce::storm {
namespace {

using Json = nlohmann::ordered_json;

Json port_json(const PortId& p) { return Json{{"node", p.node}, {"port", p.port}, {"switch", p.is_switch}}; }

}  // namespace

std::string render_json(const Analysis& analysis) {
  Json doc;
  doc["format"] = "roce-doctor-storm";
  doc["schema_version"] = 1;
  doc["bin_ms"] = analysis.grid.width_ms;
  doc["ports"] = analysis.ports;
  doc["cables"] = analysis.cables;
  Json storms = Json::array();
  for (const auto& s : analysis.storms) {
    Json j;
    j["cause"] = to_string(s.cause);
    j["severity"] = severity(s.cause) == 2 ? "critical" : "warning";
    j["priority"] = s.priority >= 0 ? Json(s.priority) : Json(nullptr);
    j["start_unix_ms"] = s.start_ms;
    j["end_unix_ms"] = s.end_ms;
    j["origin"] = Json::array();
    for (const auto& o : s.origin) j["origin"].push_back(port_json(o));
    j["reached"] = Json::array();
    for (const auto& r : s.reached) {
      Json p = port_json(r.port);
      p["hops"] = r.hops;
      p["first_unix_ms"] = r.first_ms;
      p["last_unix_ms"] = r.last_ms;
      p["pausing"] = r.pausing;
      p["paused"] = r.paused;
      p["victim"] = r.victim;
      p["peak_share"] = r.peak_share;
      j["reached"].push_back(std::move(p));
    }
    j["evidence"] = s.evidence;
    j["fixes"] = s.fixes;
    j["unseen"] = s.unseen;
    storms.push_back(std::move(j));
  }
  doc["storms"] = std::move(storms);
  doc["notes"] = analysis.notes;
  doc["exit_code"] = exit_code_of(analysis);
  return util::json_dump(doc, 2) + "\n";
}

}  // namespace roce::storm
