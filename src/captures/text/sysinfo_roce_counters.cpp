// sysinfo-snapshot "roce counters": per port RDMA counters of every device, one sysfs path a line.
#include "captures/text/sysinfo_roce_counters.hpp"

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

struct CounterPath {
  std::string_view device;
  std::uint32_t port = 0;  // 0: a device-wide counter
  bool hw = false;
  std::string_view name;
};

// "/sys/class/infiniband/<dev>/ports/<n>/{hw_counters,counters}/<name>" or
// "/sys/class/infiniband/<dev>/hw_counters/<name>".
std::optional<CounterPath> counter_path(std::string_view path) {
  if (!consume(path, "/sys/class/infiniband/")) return std::nullopt;
  const auto parts = split_on(path, '/');
  for (auto part : parts)
    if (part.empty() || !plain_key(part) || part.find(' ') != std::string_view::npos) return std::nullopt;
  if (parts.size() == 3 && parts[1] == "hw_counters") return CounterPath{parts[0], 0, true, parts[2]};
  if (parts.size() != 5 || parts[1] != "ports") return std::nullopt;
  const auto port = to_u32(parts[2]);
  if (!port || *port == 0) return std::nullopt;
  if (parts[3] != "hw_counters" && parts[3] != "counters") return std::nullopt;
  return CounterPath{parts[0], *port, parts[3] == "hw_counters", parts[4]};
}

bool known_skipped(std::string_view body) {
  return body.starts_with("Invoked Command:") || body == "HW Counters:" || body == "Counters:" ||
         (body.starts_with("RoCE ") && body.ends_with(" do not exist."));
}

model::RdmaPort& counter_port(std::vector<model::RdmaDevice>& devices, std::string_view device, std::uint32_t number) {
  model::RdmaDevice* dev = nullptr;
  for (auto& d : devices)
    if (d.name == device) dev = &d;
  if (!dev) {
    dev = &devices.emplace_back();
    dev->name = std::string(device);
  }
  for (auto& p : dev->ports)
    if (p.number == number) return p;
  auto& port = dev->ports.emplace_back();
  port.number = number;
  return port;
}

}  // namespace

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_sysinfo_roce_counters(std::string_view text,
                                                                             const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no roce counters output");
  std::vector<model::RdmaDevice> devices;
  bool any_path = false;
  for (const Line& line : in.lines()) {
    const std::string_view body = line.body();
    if (known_skipped(body)) continue;
    const std::size_t sep = body.find(": ");
    const auto path = sep == std::string_view::npos ? std::nullopt : counter_path(body.substr(0, sep));
    if (!path) {
      in.warn(line, "not a '<sysfs counter path>: <value>' line, skipped: " + shown(line.text));
      continue;
    }
    any_path = true;
    if (path->port == 0) continue;  // device-wide counters: no slot in the model
    const std::string_view raw = trim(body.substr(sep + 2));
    const auto value = to_u64(raw);
    if (!value) {
      in.warn(line, std::string(path->name) + ": unreadable value " + shown(raw) + ", skipped");
      continue;
    }
    auto& port = counter_port(devices, path->device, path->port);
    auto& set = path->hw ? port.hw_counters : port.counters;
    if (!set.ok()) set = model::Field<model::CounterSet>::of({}, in.at(line));
    set->entries.emplace_back(std::string(path->name), *value);
  }
  if (!any_path)
    return in.error(in.lines().front(), "not sysinfo-snapshot roce counters: no /sys/class/infiniband/ counter line");
  return in.result(std::move(devices));
}

}  // namespace roce::captures::text
