// A sweep's plan as JSON text: one line per host, uplink and test, so that a plan of 1,024 hosts
// stays readable with grep and diff.
#include <nlohmann/json.hpp>

#include "sweep/plan_file.hpp"
#include "util/atomic_write.hpp"
#include "util/json_dump.hpp"

namespace roce::sweep {
namespace {

using OJson = nlohmann::ordered_json;

OJson name_or_null(const std::vector<std::string>& names, int index) {
  return index >= 0 && index < static_cast<int>(names.size()) ? OJson(names[index]) : OJson(nullptr);
}

OJson rail_json(const fabric::Fabric& fabric, const fabric::Rail& rail) {
  OJson r;
  r["device"] = rail.device;
  r["netdev"] = rail.netdev;
  r["line_gbps"] = rail.line_gbps;
  r["leaf"] = name_or_null(fabric.leaves, rail.leaf);
  r["leaf_port"] = rail.leaf_port;
  return r;
}

OJson test_json(const fabric::Fabric& fabric, const fabric::HostRails& rails, const fabric::Test& t) {
  const auto& client = fabric.hosts[rails.host(t.client)];
  const auto& server = fabric.hosts[rails.host(t.server)];
  OJson j;
  j["id"] = t.id;
  j["client"] = client.name;
  j["client_dev"] = client.rails[rails.rail(t.client)].device;
  j["server"] = server.name;
  j["server_dev"] = server.rails[rails.rail(t.server)].device;
  j["flow"] = t.flow;
  return j;
}

// `items` as a JSON array with one element per line, indented by `indent` spaces.
std::string lines_array(const std::vector<OJson>& items, const std::string& indent) {
  if (items.empty()) return "[]";
  std::string out = "[\n";
  for (std::size_t i = 0; i < items.size(); ++i)
    out += indent + "  " + util::json_dump(items[i]) + (i + 1 < items.size() ? ",\n" : "\n");
  return out + indent + "]";
}

std::string key(const char* name) { return "\"" + std::string(name) + "\": "; }

}  // namespace

std::string plan_to_json(const Plan& plan) {
  const fabric::Fabric& f = plan.fabric;
  const fabric::HostRails rails(f);
  OJson settings;
  settings["round_limit"] = plan.settings.round_limit;
  settings["test"] = plan.settings.test;
  settings["size"] = plan.settings.size;
  settings["duration_s"] = plan.settings.duration_s;
  settings["qps"] = plan.settings.qps;
  settings["timeout_s"] = plan.settings.timeout_s;
  settings["base_port"] = plan.settings.base_port;

  std::vector<OJson> uplinks, hosts, unpaired;
  for (const auto& u : f.uplinks)
    uplinks.push_back({{"leaf", name_or_null(f.leaves, u.leaf)},
                       {"spine", name_or_null(f.spines, u.spine)},
                       {"leaf_port", u.leaf_port},
                       {"spine_port", u.spine_port}});
  for (const auto& h : f.hosts) {
    OJson host;
    host["name"] = h.name;
    host["rails"] = OJson::array();
    for (const auto& r : h.rails) host["rails"].push_back(rail_json(f, r));
    hosts.push_back(std::move(host));
  }
  for (const auto hr : plan.unpaired)
    if (hr < rails.size())
      unpaired.push_back(
          {{"host", f.hosts[rails.host(hr)].name}, {"device", f.hosts[rails.host(hr)].rails[rails.rail(hr)].device}});

  std::string out = "{\n  " + key("format") + util::json_dump(OJson(kPlanFormat)) + ",\n  " + key("schema_version") +
                    std::to_string(kPlanSchemaVersion) + ",\n  " + key("settings") + util::json_dump(settings) +
                    ",\n  " + key("fabric") + "{\n    " + key("built_from") + util::json_dump(OJson(f.built_from)) +
                    ",\n    " + key("leaves") + util::json_dump(OJson(f.leaves)) + ",\n    " + key("spines") +
                    util::json_dump(OJson(f.spines)) + ",\n    " + key("uplinks") + lines_array(uplinks, "    ") +
                    ",\n    " + key("hosts") + lines_array(hosts, "    ") + "\n  },\n  " + key("rounds") + "[";
  for (std::size_t i = 0; i < plan.rounds.size(); ++i) {
    std::vector<OJson> tests;
    for (const auto& t : plan.rounds[i].tests)
      if (t.client < rails.size() && t.server < rails.size()) tests.push_back(test_json(f, rails, t));
    out += std::string(i ? "," : "") + "\n    {" + key("purpose") + util::json_dump(OJson(plan.rounds[i].purpose)) +
           ", " + key("tests") + lines_array(tests, "    ") + "}";
  }
  out += std::string(plan.rounds.empty() ? "" : "\n  ") + "],\n  " + key("unpaired") + lines_array(unpaired, "  ") +
         "\n}\n";
  return out;
}

roce::Outcome write_plan(const std::string& path, const Plan& plan) {
  return util::write_file_atomically(path, plan_to_json(plan));
}

const fabric::Test* find_test(const Plan& plan, std::uint32_t id) {
  for (const auto& round : plan.rounds)
    for (const auto& t : round.tests)
      if (t.id == id) return &t;
  return nullptr;
}

int round_of_test(const Plan& plan, std::uint32_t id) {
  for (std::size_t i = 0; i < plan.rounds.size(); ++i)
    for (const auto& t : plan.rounds[i].tests)
      if (t.id == id) return static_cast<int>(i) + 1;
  return 0;
}

}  // namespace roce::sweep
