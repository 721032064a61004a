// Reading the host's LLDP neighbours from lldpctl JSON and lldptool text.
#include "switch/host_lldp.hpp"

#include <nlohmann/json.hpp>

#include "captures/json_locate.hpp"
#include "switch/text_values.hpp"
#include "util/json_parse.hpp"
#include "util/text.hpp"

namespace roce::switches {
namespace {

using LldpJson = nlohmann::json;

std::string string_at(const LldpJson& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

// One interface object of lldpctl: {"via": ..., "chassis": {NAME: {...}} or {"id": ...}, "port": {...}}.
void read_interface(const std::string& ifname, const LldpJson& body, const std::string& file,
                    std::vector<model::HostLldpNeighbor>& out) {
  if (!body.is_object()) return;
  model::HostLldpNeighbor n;
  n.netdev = ifname;
  n.from = {"lldpctl", file + " lldp.interface." + ifname};
  if (body.contains("chassis") && body["chassis"].is_object()) {
    const LldpJson& chassis = body["chassis"];
    const LldpJson* c = &chassis;
    if (!chassis.contains("id") && chassis.size() == 1) {  // keyed by the system name
      n.system_name = chassis.begin().key();
      c = &chassis.begin().value();
    } else {
      n.system_name = string_at(chassis, "name");
    }
    if (c->is_object() && c->contains("id")) n.chassis_id = string_at((*c)["id"], "value");
  }
  if (body.contains("port") && body["port"].is_object()) {
    const LldpJson& port = body["port"];
    if (port.contains("id")) {
      n.port_id = string_at(port["id"], "value");
      n.port_id_type = string_at(port["id"], "type");
    }
    n.port_descr = string_at(port, "descr");
  }
  if (n.port_id.empty() && n.system_name.empty()) return;
  out.push_back(std::move(n));
}

}  // namespace

Expected<std::vector<model::HostLldpNeighbor>> parse_lldpctl_json(std::string_view text, const std::string& file) {
  auto parsed = util::json_parse<LldpJson>(text);
  if (!parsed) return fail(file + ":" + parsed.error().message, parsed.error().hint);
  const LldpJson doc = std::move(*parsed);
  if (doc.is_discarded()) {
    const auto at = captures::locate_json_syntax_error(text);
    return fail(file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": not JSON: " + at.message,
                "give the output of `lldpctl -f json`");
  }
  if (!doc.is_object() || !doc.contains("lldp"))
    return fail(file + ": not `lldpctl -f json` output (no \"lldp\" object)", "give the output of `lldpctl -f json`");
  std::vector<model::HostLldpNeighbor> out;
  const LldpJson& lldp = doc["lldp"].is_array() && !doc["lldp"].empty() ? doc["lldp"][0] : doc["lldp"];
  if (!lldp.is_object() || !lldp.contains("interface")) return out;  // lldpd running, no neighbour
  const LldpJson& interfaces = lldp["interface"];
  if (interfaces.is_object()) {
    for (const auto& [name, body] : interfaces.items()) read_interface(name, body, file, out);
  } else if (interfaces.is_array()) {
    for (const auto& entry : interfaces) {
      if (!entry.is_object()) continue;
      if (entry.contains("name") && entry["name"].is_string()) {  // -f json0: {"name": IF, ...}
        read_interface(entry["name"].get<std::string>(), entry, file, out);
        continue;
      }
      for (const auto& [name, body] : entry.items()) read_interface(name, body, file, out);
    }
  }
  return out;
}

Expected<model::HostLldpNeighbor> parse_lldptool(std::string_view text, const std::string& file,
                                                 const std::string& netdev) {
  model::HostLldpNeighbor n;
  n.netdev = netdev;
  std::string tlv;
  std::size_t line_no = 0, first_line = 0;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    const std::string raw(text.substr(0, nl));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++line_no;
    const bool indented = !raw.empty() && (raw[0] == '\t' || raw[0] == ' ');
    const std::string line(util::trim(raw));
    if (line.empty()) continue;
    if (!indented) {
      tlv = line;
      continue;
    }
    const auto colon = line.find(": ");
    const std::string subtype = colon == std::string::npos ? std::string() : line.substr(0, colon);
    const std::string value = colon == std::string::npos ? line : std::string(util::trim(line.substr(colon + 2)));
    if (tlv == "Chassis ID TLV") {
      n.chassis_id = value;
      if (!first_line) first_line = line_no;
    } else if (tlv == "Port ID TLV") {
      n.port_id = value;
      n.port_id_type = subtype == "Ifname"  ? "ifname"
                       : subtype == "Local" ? "local"
                       : subtype == "MAC"   ? "mac"
                                            : subtype;
      if (!first_line) first_line = line_no;
    } else if (tlv == "System Name TLV") {
      n.system_name = line;
    } else if (tlv == "Port Description TLV") {
      n.port_descr = line;
    }
  }
  if (n.port_id.empty() || n.chassis_id.empty())
    return fail(file + ": not `lldptool -t -n` output (no Chassis ID TLV and Port ID TLV)",
                "give the output of `lldptool -t -n -i " + netdev + "`; an interface without a neighbour prints none");
  n.from = {"lldptool", file + ":" + std::to_string(first_line)};
  return n;
}

}  // namespace roce::switches
