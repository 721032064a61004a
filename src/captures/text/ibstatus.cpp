// ibstatus: state, rate and link layer of each RDMA port.
#include "captures/text/ibstatus.hpp"

#include "captures/text/ib_names.hpp"
#include "captures/text/rdma_lookup.hpp"
#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

using model::Field;

// "Infiniband device 'mlx5_0' port 1 status:" -> {"mlx5_0", 1}.
std::optional<std::pair<std::string_view, std::uint32_t>> status_head(std::string_view body) {
  if (!consume(body, "Infiniband device '")) return std::nullopt;
  const std::size_t quote = body.find('\'');
  if (quote == std::string_view::npos || quote == 0) return std::nullopt;
  const std::string_view dev = body.substr(0, quote);
  body.remove_prefix(quote + 1);
  if (!consume(body, " port ") || !body.ends_with(" status:")) return std::nullopt;
  const auto port = to_u32(body.substr(0, body.size() - 8));
  if (!port) return std::nullopt;
  return std::pair{dev, *port};
}

// "4: ACTIVE" -> 4.
std::optional<std::uint32_t> leading_code(std::string_view value) {
  const std::size_t colon = value.find(':');
  return colon == std::string_view::npos ? std::nullopt : to_u32(value.substr(0, colon));
}

}  // namespace

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_ibstatus(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no ibstatus output");
  const Line& first = in.lines().front();
  if (!status_head(first.body()))
    return in.error(first, "not ibstatus output: expected \"Infiniband device '<dev>' port <n> status:\", got " +
                               shown(first.text));
  std::vector<model::RdmaDevice> devices;
  std::pair<std::string, std::uint32_t> current;
  for (const Line& line : in.lines()) {
    if (auto head = status_head(line.body())) {
      current = {std::string(head->first), head->second};
      find_or_add_port(devices, current.first, current.second);
      continue;
    }
    const auto kv = split_key(line.body());
    if (!kv || !plain_key(kv->first)) {
      in.warn(line, "not a 'key: value' line of ibstatus, skipped: " + shown(line.text));
      continue;
    }
    auto& port = find_or_add_port(devices, current.first, current.second);
    const auto [key, value] = *kv;
    const auto from = in.at(line);
    if (key == "state") {
      const auto code = leading_code(value);
      port.state = code ? Field<model::PortState>::of(port_state_from_code(*code), from)
                        : in.garbled<model::PortState>(line, "port state", value);
    } else if (key == "phys state") {
      const auto code = leading_code(value);
      port.phys_state = code ? Field<model::PortState>::of(phys_state_from_code(*code), from)
                             : in.garbled<model::PortState>(line, "physical state", value);
    } else if (key == "rate") {
      // "200 Gb/sec (4X HDR)", "2.5 Gb/sec (1X SDR)".
      const auto words = split_words(value);
      const auto gbps = words.size() >= 2 && words[1] == "Gb/sec" ? to_double(words[0]) : std::nullopt;
      if (gbps) {
        port.rate = Field<std::string>::of(std::string(value), from);
        port.rate_gbps = Field<double>::of(*gbps, from);
      } else {
        port.rate = in.garbled<std::string>(line, "rate", value);
        port.rate_gbps = Field<double>::missing(port.rate.availability, port.rate.cause, from);
      }
    } else if (key == "link_layer") {
      port.link_layer = Field<std::string>::of(std::string(value), from);
    }
    // default gid, base lid, sm lid: not used.
  }
  return in.result(std::move(devices));
}

}  // namespace roce::captures::text
