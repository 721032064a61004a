// Reading `show lldp neighbors` blocks.
#include "switch/lldp_neighbors_text.hpp"

#include "util/text.hpp"

namespace roce::switches {
namespace {

// "  SysName:      T1-2" -> {"SysName", "T1-2"}; empty key for a line that is no "Key: value".
std::pair<std::string, std::string> key_value(std::string_view line) {
  const std::string_view t = util::trim(line);
  const auto colon = t.find(':');
  if (colon == std::string_view::npos || colon == 0 || t.substr(0, colon).find(' ') != std::string_view::npos)
    return {};
  return {std::string(t.substr(0, colon)), std::string(util::trim(t.substr(colon + 1)))};
}

}  // namespace

Expected<std::vector<model::SwitchLldpNeighbor>> parse_show_lldp_neighbors(std::string_view text,
                                                                           const std::string& file) {
  std::vector<model::SwitchLldpNeighbor> out;
  model::SwitchLldpNeighbor n;
  bool open = false, port_seen = false;
  auto close = [&] {
    if (open && port_seen && !n.local_port.empty()) out.push_back(n);
    open = port_seen = false;
  };
  std::size_t number = 0;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++number;
    const auto [key, value] = key_value(line);
    if (key == "Interface") {
      close();
      n = {};
      n.local_port = value.substr(0, value.find(','));
      n.from = {"sonic-cli", file + ":" + std::to_string(number)};
      open = true;
    } else if (open && key == "SysName") {
      n.remote_device = value;
    } else if (open && key == "PortID") {
      // "ifname Ethernet0", "local etp1", "mac 0c:42:a1:5d:4d:b8": the type, then the value.
      const auto space = value.find(' ');
      n.remote_port_id = space == std::string::npos ? value : std::string(util::trim(value.substr(space + 1)));
      port_seen = true;
    } else if (open && key == "PortDescr") {
      n.remote_port_descr = value;
    }
  }
  close();
  if (out.empty())
    return fail(file + ": not `show lldp neighbors` output (no \"Interface:\" block with a PortID line)",
                "give the output of `show lldp neighbors` (or `show lldp table`) on the switch");
  return out;
}

}  // namespace roce::switches
