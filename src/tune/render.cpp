#include "tune/render.hpp"
#include "util/json_dump.hpp"

#include <nlohmann/json.hpp>

namespace roce::tune {

std::string render_plan_text(const Plan& plan, const RenderContext& context) {
  std::string out = "roce-doctor tune: " + (plan.hostname.empty() ? std::string("(unnamed host)") : plan.hostname);
  if (!context.origin.empty()) out += ", " + context.origin;
  out += "\nprofile: " + context.profile + "\n\n";
  if (plan.changes.empty() && plan.ports.empty()) {
    out +=
        "Nothing to tune: no RoCE port in this input (no Ethernet RDMA port with a known netdev, no netdev of a "
        "RoCE NIC or switch with DCB or counters data); no netdev is changed.\n";
  } else if (plan.changes.empty()) {
    out += "Nothing to change: the host matches the profile in everything the tuner can set.\n";
  } else {
    out += std::to_string(plan.changes.size()) + (plan.changes.size() == 1 ? " change" : " changes") +
           (context.applying ? " to apply:\n" : " proposed (dry run: nothing was changed):\n");
    for (const auto& c : plan.changes) {
      out += "\n" + to_string(c.object) + (c.disruptive ? "    [disruptive: the link goes down briefly]" : "") + "\n";
      for (const auto& f : c.fields) {
        out += "  - " + f.field + ": " + f.current + "\n";
        out += "  + " + f.field + ": " + f.proposed + "\n";
        out += "      why: " + f.reason + "\n";
      }
    }
    out += "\nEquivalent commands, in order:\n";
    for (const auto& c : plan.changes)
      for (const auto& cmd : c.commands) out += "  " + cmd + "\n";
  }
  if (!plan.notes.empty()) {
    out += "\nNot planned (missing data):\n";
    for (const auto& n : plan.notes) out += "  " + n.text() + "\n";
  }
  return out;
}

std::string render_plan_json(const Plan& plan, const RenderContext& context) {
  nlohmann::ordered_json j;
  j["schema_version"] = 1;
  j["hostname"] = plan.hostname;
  j["origin"] = context.origin;
  j["profile"] = context.profile;
  j["changes"] = nlohmann::ordered_json::array();
  j["commands"] = nlohmann::ordered_json::array();
  for (const auto& c : plan.changes) {
    nlohmann::ordered_json change;
    change["object"] = to_string(c.object);
    change["netdev"] = c.object.netdev;
    change["knob"] = to_string(c.object.knob);
    change["index"] = c.object.index;
    change["disruptive"] = c.disruptive;
    change["fields"] = nlohmann::ordered_json::array();
    for (const auto& f : c.fields)
      change["fields"].push_back(
          {{"field", f.field}, {"current", f.current}, {"proposed", f.proposed}, {"reason", f.reason}});
    change["commands"] = c.commands;
    for (const auto& cmd : c.commands) j["commands"].push_back(cmd);
    j["changes"].push_back(std::move(change));
  }
  j["notes"] = nlohmann::ordered_json::array();
  for (const auto& n : plan.notes) j["notes"].push_back({{"subject", n.subject}, {"message", n.message}});
  return util::json_dump(j, 2) + "\n";
}

}  // namespace roce::tune
