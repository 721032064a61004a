// show_counters: the hw_counters of each port of one RDMA device.
#include "captures/text/show_counters.hpp"

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

// "Port 1 hw counters:" -> {1, "hw"}.
std::optional<std::pair<std::uint32_t, std::string_view>> counters_head(std::string_view body) {
  if (!consume(body, "Port ") || !body.ends_with(" counters:")) return std::nullopt;
  body.remove_suffix(10);
  const std::size_t space = body.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const auto port = to_u32(body.substr(0, space));
  if (!port) return std::nullopt;
  return std::pair{*port, body.substr(space + 1)};
}

}  // namespace

Expected<Parsed<model::RdmaDevice>> parse_show_counters(std::string_view text, std::string_view device,
                                                        const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no show_counters output");
  const Line& first = in.lines().front();
  if (!counters_head(first.body()))
    return in.error(first, "not show_counters output: expected 'Port <n> hw counters:', got " + shown(first.text));
  model::RdmaDevice dev;
  dev.name = std::string(device);
  model::RdmaPort* port = nullptr;  // the port of the current hw block; null in a cm block
  for (const Line& line : in.lines()) {
    if (auto head = counters_head(line.body())) {
      port = nullptr;
      if (head->second != "hw") continue;
      for (auto& p : dev.ports)
        if (p.number == head->first) port = &p;
      if (!port) {
        port = &dev.ports.emplace_back();
        port->number = head->first;
      }
      port->hw_counters = model::Field<model::CounterSet>::of({}, in.at(line));
      continue;
    }
    if (!port) continue;  // cm counters
    const auto kv = split_key(line.body());
    const auto value = kv ? to_u64(kv->second) : std::nullopt;
    if (!kv || kv->first.empty() || !plain_key(kv->first) || kv->first.find(' ') != std::string_view::npos || !value) {
      in.warn(line, "not a '<counter>: <value>' line, skipped: " + shown(line.text));
      continue;
    }
    port->hw_counters->entries.emplace_back(std::string(kv->first), *value);
  }
  return in.result(std::move(dev));
}

}  // namespace roce::captures::text
