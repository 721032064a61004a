#include "captures/text/rdma_statistic.hpp"

#include <cctype>

#include <nlohmann/json.hpp>

#include "captures/text/rdma_lookup.hpp"
#include "captures/text/text_input.hpp"
#include "util/json_parse.hpp"

namespace roce::captures::text {
namespace {

using model::Field;

bool counter_name(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
  return true;
}

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_json(std::string_view text, TextInput& in) {
  const auto parsed = util::json_parse<nlohmann::json>(text);
  if (!parsed) return in.error("rdma statistic -j: " + parsed.error().message);
  const auto& doc = *parsed;
  if (doc.is_discarded() || !doc.is_array())
    return in.error("rdma statistic -j: not a JSON array of {\"ifname\", \"port\", counters...}");
  std::vector<model::RdmaDevice> devices;
  const auto from = in.origin().at(1);
  std::size_t n = 0;
  for (const auto& entry : doc) {
    const std::string where = "rdma statistic -j entry " + std::to_string(n++);
    const auto name = entry.is_object() ? entry.find("ifname") : entry.end();
    const auto port = entry.is_object() ? entry.find("port") : entry.end();
    if (!entry.is_object() || name == entry.end() || !name->is_string() || port == entry.end() ||
        !port->is_number_unsigned() || port->get<std::uint64_t>() > 0xffffffffu)
      return in.error(where + ": expected an object with \"ifname\" (string) and \"port\" (unsigned)");
    model::CounterSet set;
    for (auto it = entry.begin(); it != entry.end(); ++it) {
      if (it.key() == "ifname" || it.key() == "port" || it.key() == "ifindex") continue;
      if (it->is_number_unsigned())
        set.entries.emplace_back(it.key(), it->get<std::uint64_t>());
      else if (it->is_number())
        return in.error(where + ": counter \"" + it.key() + "\" is not an unsigned integer");
      // Strings/objects (a mode, a qp list) are not counters.
    }
    auto& p = find_or_add_port(devices, name->get_ref<const std::string&>(),
                               static_cast<std::uint32_t>(port->get<std::uint64_t>()));
    p.hw_counters = Field<model::CounterSet>::of(std::move(set), from);
  }
  return in.result(std::move(devices));
}

}  // namespace

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_rdma_statistic(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no rdma statistic output");
  const std::string_view first = in.lines().front().body();
  if (first.starts_with('[') || first.starts_with('{')) return parse_json(text, in);

  std::vector<model::RdmaDevice> devices;
  model::RdmaPort* port = nullptr;
  for (const Line& line : in.lines()) {
    const auto words = split_words(line.body());
    std::size_t next = 0;
    if (!line.indented() && words[0] == "link") {
      const auto dp = words.size() >= 2 ? dev_port(words[1]) : std::nullopt;
      if (!dp) {
        if (devices.empty())
          return in.error(line, "not rdma statistic output: expected 'link <dev>/<port>', got " + shown(line.text));
        in.warn(line, "unreadable 'link <dev>/<port>' line, its counters are skipped: " + shown(line.text));
        port = nullptr;
        continue;
      }
      port = &find_or_add_port(devices, dp->first, dp->second);
      port->hw_counters = Field<model::CounterSet>::of({}, in.at(line));
      next = 2;
    } else if (!port) {
      if (devices.empty())
        return in.error(line, "not rdma statistic output: expected 'link <dev>/<port>', got " + shown(line.text));
      continue;  // the counters of a skipped link
    }
    if ((words.size() - next) % 2 != 0) {
      in.warn(line, "expected '<counter> <value>' pairs, line skipped: " + shown(line.text));
      continue;
    }
    for (std::size_t i = next; i < words.size(); i += 2) {
      const auto v = to_u64(words[i + 1]);
      if (!counter_name(words[i]) || !v) {
        in.warn(line, "unreadable counter " + shown(words[i]) + " " + shown(words[i + 1]) + ", skipped");
        continue;
      }
      port->hw_counters->entries.emplace_back(std::string(words[i]), *v);
    }
  }
  return in.result(std::move(devices));
}

}  // namespace roce::captures::text
