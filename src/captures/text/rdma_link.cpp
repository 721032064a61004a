// rdma link: the state and the netdev of each RDMA port.
#include "captures/text/rdma_link.hpp"

#include <array>

#include "captures/text/ib_names.hpp"
#include "captures/text/rdma_lookup.hpp"
#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

using model::Availability;
using model::Field;

// iproute2 rdma/link.c link_state_to_str / phys_state_to_str, indexed by code.
constexpr std::array<std::string_view, 6> kLinkStates = {"NOP", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER"};
constexpr std::array<std::string_view, 12> kLinkPhysStates = {
    "NOP",      "SLEEP",   "POLLING",     "DISABLED", "ARMED",   "LINK_UP", "LINK_ERROR_RECOVER",
    "PHY_TEST", "UNKNOWN", "OPA_OFFLINE", "UNKNOWN",  "OPA_TEST"};

template <std::size_t N>
std::optional<std::uint32_t> link_code(const std::array<std::string_view, N>& names, std::string_view name) {
  if (name == "UNKNOWN") return std::nullopt;  // the tool's word for a code it has no name for
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == name) return static_cast<std::uint32_t>(i);
  return std::nullopt;
}

}  // namespace

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_rdma_link(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no rdma link output");
  std::vector<model::RdmaDevice> devices;
  bool any = false;
  for (const Line& line : in.lines()) {
    if (line.indented()) continue;  // caps: <...> of -d
    const auto words = split_words(line.body());
    const auto dp = words.size() >= 2 && words[0] == "link" ? dev_port(words[1]) : std::nullopt;
    if (!dp) {
      if (!any)
        return in.error(line, "not rdma link output: expected 'link <dev>/<port> ...', got " + shown(line.text));
      in.warn(line, "not a 'link <dev>/<port> ...' line, skipped: " + shown(line.text));
      continue;
    }
    any = true;
    const auto from = in.at(line);
    auto& port = find_or_add_port(devices, dp->first, dp->second);
    port.netdev = Field<std::string>::missing(Availability::absent, "rdma link printed no netdev for this port", from);
    // The rest is "<key> <value>" pairs.
    for (std::size_t i = 2; i + 1 < words.size(); i += 2) {
      const std::string_view key = words[i], value = words[i + 1];
      if (key == "state") {
        const auto code = link_code(kLinkStates, value);
        port.state = code ? Field<model::PortState>::of(port_state_from_code(*code), from)
                          : in.garbled<model::PortState>(line, "port state", value);
      } else if (key == "physical_state") {
        const auto code = link_code(kLinkPhysStates, value);
        port.phys_state = code ? Field<model::PortState>::of(phys_state_from_code(*code), from)
                               : in.garbled<model::PortState>(line, "physical state", value);
      } else if (key == "netdev") {
        port.netdev = Field<std::string>::of(std::string(value), from);
      }
    }
  }
  return in.result(std::move(devices));
}

}  // namespace roce::captures::text
