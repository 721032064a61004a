// The truth file of a scenario.
#include "sim/storm_truth_json.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "util/json_dump.hpp"

namespace roce::sim {
namespace {

using Json = nlohmann::ordered_json;

Json port_json(const PortName& p) { return {{"node", p.node}, {"port", p.port}, {"switch", p.is_switch}}; }

std::int64_t unix_ms(const Scenario& s, double true_s) {
  return s.epoch_unix_ms + static_cast<std::int64_t>(std::llround(true_s * 1000));
}

double rounded(double v, double per_unit) { return std::round(v * per_unit) / per_unit; }

}  // namespace

std::string truth_json(const Scenario& s) {
  const StormTruth& t = s.truth;
  Json j;
  j["scenario"] = s.name;
  j["seed"] = s.seed;
  j["cause"] = std::string(to_string(t.cause));
  j["priority"] = t.priority;
  j["origin"] = t.origin ? port_json(*t.origin) : Json(nullptr);
  const bool storm = t.cause != StormCause::none;
  j["start_unix_ms"] = storm ? Json(unix_ms(s, t.start_s)) : Json(nullptr);
  j["end_unix_ms"] = storm ? Json(unix_ms(s, t.end_s)) : Json(nullptr);
  j["onset_unix_ms"] = t.onset_s ? Json(unix_ms(s, *t.onset_s)) : Json(nullptr);
  Json victims = Json::array();
  for (const Victim& v : t.victims) {
    Json one = port_json(v.port);
    one["first_paused_unix_ms"] = unix_ms(s, v.first_paused_s);
    one["hops"] = v.hops;
    one["paused_share"] = rounded(v.paused_share, 1e4);
    victims.push_back(std::move(one));
  }
  j["victims"] = std::move(victims);
  Json cycle = Json::array(), unrelated = Json::array();
  for (const PortName& p : t.cycle) cycle.push_back(port_json(p));
  for (const PortName& p : t.unrelated_paused) unrelated.push_back(port_json(p));
  j["cycle"] = std::move(cycle);
  j["unrelated_paused"] = std::move(unrelated);
  j["sample_interval_ms"] = std::llround(s.sample_interval_s * 1000);
  j["duration_s"] = s.duration_s;
  const Fabric& f = s.fabric;
  j["fabric"] = {{"hosts", f.hosts.size()},
                 {"leaves", f.leaves.size()},
                 {"spines", f.spines.size()},
                 {"link_gbps", f.hosts.empty() ? 0 : f.nodes[f.hosts[0]].ports[0].speed_mbps / 1000}};
  Json clocks = Json::array();
  for (const NodeClock& c : s.clocks)
    clocks.push_back({{"node", c.node}, {"skew_ms", rounded(c.skew_ms, 10)}, {"phase_ms", rounded(c.phase_ms, 10)}});
  j["clocks"] = std::move(clocks);
  return util::json_dump(j, 2) + "\n";
}

}  // namespace roce::sim
