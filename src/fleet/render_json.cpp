// The fleet report as JSON (schema in render.hpp).
#include <nlohmann/json.hpp>

#include "fleet/render.hpp"
#include "util/json_dump.hpp"

namespace roce::fleet {

std::string render_json(const FleetReport& r) {
  using nlohmann::json;
  json doc = {{"schema_version", 1},
              {"exit_code", r.exit_code()},
              {"hosts",
               {{"read", r.hosts_read},
                {"healthy", r.healthy},
                {"warning", r.warning},
                {"critical", r.critical},
                {"nothing_judged", r.nothing_judged},
                {"unreadable", r.errors.size()}}}};
  json nics = json::array();
  for (const auto& [nic, n] : r.nics) nics.push_back({{"model", nic}, {"hosts", n}});
  doc["nics"] = std::move(nics);
  json findings = json::array();
  for (const auto& f : r.findings)
    findings.push_back({{"id", f.id},
                        {"severity", engine::to_string(f.severity)},
                        {"title", f.title},
                        {"count", f.hosts.size()},
                        {"hosts", f.hosts}});
  doc["findings"] = std::move(findings);
  json drift = json::array();
  for (const auto& d : r.drift) {
    json hosts = json::array();
    for (const auto& h : d.hosts) hosts.push_back({{"host", h.host}, {"value", h.value}});
    drift.push_back({{"nic", d.nic},
                     {"port", d.port},
                     {"field", d.field},
                     {"majority", d.majority},
                     {"majority_hosts", d.majority_hosts},
                     {"compared", d.compared},
                     {"split", d.split},
                     {"hosts", std::move(hosts)}});
  }
  doc["drift"] = std::move(drift);
  json outliers = json::array();
  for (const auto& o : r.outliers)
    outliers.push_back({{"nic", o.nic},
                        {"host", o.host},
                        {"port", o.port},
                        {"pause_frames_per_s", o.frames_per_s},
                        {"peer_median_per_s", o.peer_median},
                        {"peers", o.peers}});
  doc["outliers"] = std::move(outliers);
  if (!r.cables.empty()) {  // only with switch exports: reports without them keep their shape
    json cables = json::array();
    for (const auto& c : r.cables) {
      json on = json::array();
      for (const auto& f : c.cable.findings)
        on.push_back({{"id", f.id}, {"severity", engine::to_string(f.severity)}, {"title", f.title}});
      const auto worst = c.worst();
      cables.push_back({{"host", c.host},
                        {"netdev", c.cable.netdev},
                        {"switch", c.cable.switch_name},
                        {"port", c.cable.port},
                        {"join", c.cable.join},
                        {"verdict", worst ? engine::to_string(*worst) : "ok"},
                        {"findings", std::move(on)}});
    }
    doc["cables"] = std::move(cables);
  }
  json errors = json::array();
  for (const auto& e : r.errors)
    errors.push_back({{"path", e.host}, {"message", e.message}, {"hint", e.hint.empty() ? json() : json(e.hint)}});
  doc["errors"] = std::move(errors);
  return util::json_dump(doc, 2) + "\n";
}

}  // namespace roce::fleet
