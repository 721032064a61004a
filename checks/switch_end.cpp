// The switch end of a host port and how the cross checks name and fix it.
#include "checks/switch_end.hpp"

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

}  // namespace

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
