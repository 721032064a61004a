#include "captures/text/devlink_sb_text.hpp"

#include <map>
#include <optional>
#include <string>

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

// The "key value" pairs of one row; "cell size N" is one key. nullopt when a key has no value.
std::optional<std::map<std::string, std::string_view>> pairs(const std::vector<std::string_view>& tokens) {
  std::map<std::string, std::string_view> kv;
  for (std::size_t i = 0; i < tokens.size(); i += 2) {
    std::string key(tokens[i]);
    if (key == "cell" && i + 1 < tokens.size() && tokens[i + 1] == "size") {
      key = "cell size";
      ++i;
    }
    if (i + 1 >= tokens.size()) return std::nullopt;
    kv[key] = tokens[i + 1];
  }
  return kv;
}

struct Rows {
  std::map<std::string, model::DevlinkSb> devices;                    // by devlink handle
  std::vector<std::pair<model::SbPortPool, std::string>> port_pools;  // with their handle
  std::vector<std::pair<model::SbTcBind, std::string>> tc_binds;
};

// "pci/0000:03:00.0/61" -> "pci/0000:03:00.0"; "" for a netdev name.
std::string device_of_port(const std::string& handle) {
  const auto slash = handle.rfind('/');
  if (slash == std::string::npos || handle.find('/') == slash) return {};
  return handle.substr(0, slash);
}

// One row under `handle`; a located warning when it is not a row of these commands.
void read_row(TextInput& in, const Line& line, const std::string& handle, std::string_view text, Rows& rows) {
  const auto tokens = split_words(text);
  if (tokens.empty()) return;
  if (tokens.front() == "occ" || text.find(" occ ") != std::string_view::npos) return;
  const auto kv = pairs(tokens);
  auto u32 = [&](const char* key) -> std::optional<std::uint32_t> {
    if (!kv || !kv->count(key)) return std::nullopt;
    return to_u32(kv->at(key));
  };
  auto word = [&](const char* key) -> std::string { return kv && kv->count(key) ? std::string(kv->at(key)) : ""; };
  const auto sb = u32("sb"), pool = u32("pool"), size = u32("size"), threshold = u32("threshold"), tc = u32("tc");
  const model::Provenance from = in.at(line);
  if (sb && pool && size && (word("type") == "ingress" || word("type") == "egress") &&
      (word("thtype") == "static" || word("thtype") == "dynamic") && *pool <= 0xFFFF) {
    model::SbPool p{*sb, static_cast<std::uint16_t>(*pool), word("type"), *size, word("thtype"), u32("cell size"),
                    from};
    auto& d = rows.devices[handle];
    d.device = handle;
    d.pools.push_back(std::move(p));
    return;
  }
  if (sb && tc && pool && threshold && (word("type") == "ingress" || word("type") == "egress") && *tc <= 0xFFFF &&
      *pool <= 0xFFFF) {
    model::SbTcBind b{handle,     *sb, static_cast<std::uint16_t>(*tc), word("type"), static_cast<std::uint16_t>(*pool),
                      *threshold, from};
    rows.tc_binds.emplace_back(std::move(b), handle);
    return;
  }
  if (sb && pool && threshold && !tc && kv && kv->size() == 3 && *pool <= 0xFFFF) {
    model::SbPortPool p{handle, *sb, static_cast<std::uint16_t>(*pool), *threshold, from};
    rows.port_pools.emplace_back(std::move(p), handle);
    return;
  }
  in.warn(line, "not a row of devlink sb pool/port pool/tc bind show, skipped: " + shown(line.text));
}

}  // namespace

Expected<Parsed<std::vector<model::DevlinkSb>>> parse_devlink_sb(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no devlink sb output");
  Rows rows;
  std::string handle;
  for (const Line& line : in.lines()) {
    std::string_view body = line.body();
    if (!line.indented()) {
      const auto tokens = split_words(body);
      if (tokens.empty() || !tokens.front().ends_with(':') || tokens.front().size() < 2) {
        if (handle.empty())
          return in.error(line, "not devlink sb output: expected a handle ('pci/0000:03:00.0:' or 'swp1:'), got " +
                                    shown(line.text));
        in.warn(line, "not a devlink sb line, skipped: " + shown(line.text));
        continue;
      }
      handle = std::string(tokens.front().substr(0, tokens.front().size() - 1));
      body.remove_prefix(std::min(body.size(), tokens.front().size()));
      body = trim(body);
      if (body.empty()) continue;
    } else if (handle.empty()) {
      return in.error(line, "not devlink sb output: a row before any handle: " + shown(line.text));
    }
    read_row(in, line, handle, body, rows);
  }
  // Port rows join their device: from a pci/.../N handle, else the one device that has pools.
  const std::string only = rows.devices.size() == 1 ? rows.devices.begin()->first : std::string();
  auto device_for = [&](const std::string& port_handle) -> model::DevlinkSb& {
    std::string dev = device_of_port(port_handle);
    if (dev.empty()) dev = only;
    auto& d = rows.devices[dev];
    d.device = dev;
    return d;
  };
  for (auto& [p, h] : rows.port_pools) device_for(h).port_pools.push_back(std::move(p));
  for (auto& [b, h] : rows.tc_binds) device_for(h).tc_binds.push_back(std::move(b));
  std::vector<model::DevlinkSb> out;
  for (auto& [name, d] : rows.devices) out.push_back(std::move(d));
  if (out.empty()) return in.error("no devlink sb rows");
  return in.result(std::move(out));
}

}  // namespace roce::captures::text
