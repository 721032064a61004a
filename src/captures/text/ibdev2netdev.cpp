// ibdev2netdev: the netdev of each RDMA port.
#include "captures/text/ibdev2netdev.hpp"

#include "captures/text/rdma_lookup.hpp"
#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

struct PortLine {
  std::string_view device;
  std::uint32_t port = 0;
  std::string_view netdev;
};

// A PCI address as -v prints it first: "0000:3b:00.0".
bool pci_address_word(std::string_view s) {
  return s.size() >= 7 && s.find(':') != std::string_view::npos && s.find('.') != std::string_view::npos;
}

std::optional<PortLine> port_line(std::string_view body) {
  const auto words = split_words(body);
  std::size_t arrow = 0;
  while (arrow < words.size() && words[arrow] != "==>" && words[arrow] != "<===>") ++arrow;
  if (arrow < 3 || arrow + 1 >= words.size()) return std::nullopt;
  std::size_t port = arrow;  // the last "port" before the arrow
  for (std::size_t i = 0; i < arrow; ++i)
    if (words[i] == "port") port = i;
  if (port + 1 >= arrow) return std::nullopt;
  const auto number = to_u32(words[port + 1]);
  const std::size_t dev = pci_address_word(words[0]) ? 1 : 0;
  if (!number || dev >= port) return std::nullopt;
  return PortLine{words[dev], *number, words[arrow + 1]};
}

}  // namespace

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_ibdev2netdev(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no ibdev2netdev output");
  std::vector<model::RdmaDevice> devices;
  for (const Line& line : in.lines()) {
    const auto p = port_line(line.body());
    if (!p) {
      if (devices.empty())
        return in.error(
            line, "not ibdev2netdev output: expected '<dev> port <n> ==> <netdev> (Up|Down)', got " + shown(line.text));
      in.warn(line, "not a '<dev> port <n> ==> <netdev>' line, skipped: " + shown(line.text));
      continue;
    }
    find_or_add_port(devices, p->device, p->port).netdev =
        model::Field<std::string>::of(std::string(p->netdev), in.at(line));
  }
  return in.result(std::move(devices));
}

}  // namespace roce::captures::text
