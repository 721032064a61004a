// The switch end of a host port and how the cross checks name and fix it.
#include "checks/switch_end.hpp"

#include <map>

namespace roce::checks {
namespace {

std::string json_pointer_part(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string json_object(const std::vector<std::pair<std::string, std::string>>& fields) {
  std::string out = "{";
  for (std::size_t i = 0; i < fields.size(); ++i)
    out += (i ? ", " : "") + json_string(fields[i].first) + ": " + fields[i].second;
  return out + "}";
}

std::string add_object(const std::string& path, const std::string& object) {
  return R"({"op": "add", "path": ")" + path + R"(", "value": )" + object + "}";
}

// The DSCP map to bind and the operations that create it when the export has none to offer.
std::pair<std::string, std::vector<std::string>> dscp_map_to_bind(const SwitchEnd& end, const profile::Profile& prof) {
  const auto& sw = *end.sw;
  if (end.port->dscp_to_tc_name.ok() && sw.has_config("DSCP_TO_TC_MAP|" + *end.port->dscp_to_tc_name))
    return {*end.port->dscp_to_tc_name, {}};
  for (const auto& other : sw.ports)
    if (other.dscp_to_tc_name.ok() && sw.has_config("DSCP_TO_TC_MAP|" + *other.dscp_to_tc_name))
      return {*other.dscp_to_tc_name, {}};
  std::map<int, int> dscp_tc;
  for (const auto& c : prof.lossless)
    for (int d : c.dscp) dscp_tc[d] = c.priority;
  if (prof.cnp_dscp) dscp_tc[*prof.cnp_dscp] = prof.cnp_priority;
  std::vector<std::pair<std::string, std::string>> entries;
  for (const auto& [dscp, tc] : dscp_tc) entries.emplace_back(std::to_string(dscp), json_string(std::to_string(tc)));
  const std::string name = "ROCE";
  if (sw.has_config("DSCP_TO_TC_MAP")) return {name, {add_object("/DSCP_TO_TC_MAP/" + name, json_object(entries))}};
  return {name, {add_object("/DSCP_TO_TC_MAP", json_object({{name, json_object(entries)}}))}};
}

}  // namespace

bool has_port_qos_entry(const SwitchEnd& end) {
  if (end.sw->vendor != "sonic") return true;
  return end.sw->has_config("PORT_QOS_MAP|" + end.port->name);
}

std::vector<std::string> port_qos_fix(const SwitchEnd& end, const profile::Profile& prof,
                                      std::vector<std::pair<std::string, std::string>> fields, bool bind_dscp) {
  const std::string& key = end.port->name;
  const bool entry = has_port_qos_entry(end);
  auto set = [&](const std::string& field, const std::string& value) {
    for (const auto& f : fields)
      if (f.first == field) return;
    fields.emplace_back(field, value);
  };
  std::vector<std::string> ops;
  if (bind_dscp || !entry) {
    auto [name, create] = dscp_map_to_bind(end, prof);
    ops = std::move(create);
    set("dscp_to_tc_map", name);
  }
  if (entry) {
    for (const auto& [field, value] : fields) ops.push_back(patch_op("add", "PORT_QOS_MAP", key, field, value));
    return ops;
  }
  std::uint8_t lossless = 0;
  for (const auto& c : prof.lossless)
    if (c.priority >= 0 && c.priority < model::kPriorities) lossless |= static_cast<std::uint8_t>(1u << c.priority);
  set("pfc_enable", lossless ? priority_list(lossless) : "");
  std::vector<std::pair<std::string, std::string>> quoted;
  for (const auto& [field, value] : fields) quoted.emplace_back(field, json_string(value));
  if (end.sw->has_config("PORT_QOS_MAP"))
    ops.push_back(add_object("/PORT_QOS_MAP/" + json_pointer_part(key), json_object(quoted)));
  else
    ops.push_back(add_object("/PORT_QOS_MAP", json_object({{key, json_object(quoted)}})));
  return ops;
}

std::string SwitchEnd::both() const { return cable->host + " " + cable->host_netdev + " <-> " + switch_port(); }

std::string SwitchEnd::switch_port() const { return sw->host.hostname + " " + port->name; }

engine::Evidence SwitchEnd::cable_evidence() const {
  return {"cable",      both() + " (" + model::to_string(cable->join) + ": " + cable->evidence + ")",
          std::nullopt, std::nullopt,
          false,        sw->host.from};
}

std::optional<std::uint8_t> SwitchEnd::pfc_mask() const {
  if (!netdev->dcb.pfc.ok()) return std::nullopt;
  return netdev->dcb.pfc->pfc_en;
}

int SwitchEnd::queue_of_tc(int tc) const {
  if (tc >= 0 && tc < model::kPriorities && port->tc_to_queue.ok()) return (*port->tc_to_queue)[tc];
  return tc;
}

const model::SwitchWred* SwitchEnd::wred_of_queue(int queue) const {
  const auto* q = port->queue(queue);
  if (!q || !q->wred_profile.ok()) return nullptr;
  return sw->wred(*q->wred_profile);
}

int SwitchEnd::pg_of_tc(int tc) const {
  if (tc >= 0 && tc < model::kPriorities && port->tc_to_pg.ok()) return (*port->tc_to_pg)[tc];
  return tc;
}

const model::SwitchPg* SwitchEnd::lossless_pg(int pg) const {
  for (const auto& g : port->lossless_pgs)
    if (g.covers(pg)) return &g;
  return nullptr;
}

std::optional<std::uint32_t> SwitchEnd::speed_mbps() const {
  if (netdev->link.ok() && netdev->link->speed_mbps) return netdev->link->speed_mbps;
  return std::nullopt;
}

std::optional<SwitchEnd> switch_end(const engine::Context& ctx, const engine::PortView& p, engine::Reporter& r) {
  const auto& side = ctx.observations().switches;
  const auto* cable = side.cable_of(p.name());
  if (!cable) {
    r.skip(p.name(), "no switch port joined to " + p.name());
    return std::nullopt;
  }
  SwitchEnd end;
  end.cable = cable;
  end.sw = side.find_switch(cable->switch_name);
  end.port = end.sw ? end.sw->port(cable->switch_port) : nullptr;
  end.netdev = end.sw ? end.sw->host.netdev(cable->switch_port) : nullptr;
  if (!end.port || !end.netdev) {
    r.skip(p.name(), "switch " + cable->switch_name + " port " + cable->switch_port + " is not in the exports");
    return std::nullopt;
  }
  return end;
}

std::string patch_op(const std::string& op, const std::string& table, const std::string& key, const std::string& field,
                     const std::string& value) {
  return R"({"op": ")" + op + R"(", "path": "/)" + json_pointer_part(table) + "/" + json_pointer_part(key) +
         (field.empty() ? "" : "/" + json_pointer_part(field)) + R"(", "value": ")" + value + R"("})";
}

std::string sonic_patch_command(const std::string& switch_name, const std::vector<std::string>& ops) {
  std::string patch = "[";
  for (std::size_t i = 0; i < ops.size(); ++i) patch += (i ? ", " : "") + ops[i];
  patch += "]";
  return "on " + switch_name + ": echo '" + patch + "' > roce-fix.json && sudo config apply-patch roce-fix.json";
}

std::string nvue_command(const std::string& switch_name, const std::vector<std::string>& lines) {
  std::string out = "on " + switch_name + ": ";
  for (const auto& l : lines) out += l + " && ";
  return out + "nv config apply";
}

std::string switch_fix(const SwitchEnd& end, const std::vector<std::string>& sonic_ops,
                       const std::vector<std::string>& nvue_lines) {
  if (end.sw->vendor == "cumulus") return nvue_command(end.sw->host.hostname, nvue_lines);
  return sonic_patch_command(end.sw->host.hostname, sonic_ops);
}

engine::Evidence switch_config(const std::string& name, const std::string& value, const model::Provenance& from) {
  return {name, value, std::nullopt, std::nullopt, false, from};
}

std::string priority_list(std::uint8_t mask) {
  std::string out;
  for (int p = 0; p < model::kPriorities; ++p)
    if ((mask >> p) & 1) out += (out.empty() ? "" : ",") + std::to_string(p);
  return out.empty() ? "none" : out;
}

}  // namespace roce::checks
