// `ethtool IF` text: the link settings and whether a link is detected.
#include "captures/text/ethtool_link.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "captures/text/text_input.hpp"

namespace roce::captures::text {

using model::Availability;
using model::Field;

namespace {

// What the lines after "Settings for IF:" gave.
struct LinkLines {
  model::LinkSettings settings;
  bool speed = false, duplex = false, autoneg = false;
  std::string error;  // the warning of the last unreadable value
  std::optional<std::vector<std::uint32_t>>* modes = nullptr;  // the link-mode list being continued
};

// The list a "... link modes:" key opens, or nullptr for any other key.
std::optional<std::vector<std::uint32_t>>* mode_list(model::LinkSettings& s, std::string_view key) {
  if (key == "Supported link modes") return &s.supported_speeds_mbps;
  if (key == "Advertised link modes") return &s.advertised_speeds_mbps;
  if (key == "Link partner advertised link modes") return &s.peer_advertised_speeds_mbps;
  return nullptr;
}

// Adds the speeds of the modes in `words` ("100000baseCR4/Full 10baseT/Half") to `list`, ascending
// and distinct; "Not reported" leaves it not reported. A word that names no speed is passed over.
void add_mode_speeds(std::string_view words, std::optional<std::vector<std::uint32_t>>& list) {
  if (words == "Not reported") return;
  if (!list) list.emplace();
  while (!words.empty()) {
    const auto end = words.find_first_of(" \t");
    const std::string_view word = words.substr(0, end);
    words = end == std::string_view::npos ? std::string_view{} : words.substr(end + 1);
    const auto base = word.find("base");
    if (base == std::string_view::npos || base == 0) continue;
    if (const auto mbps = to_u32(word.substr(0, base))) {
      const auto at = std::lower_bound(list->begin(), list->end(), static_cast<std::uint32_t>(*mbps));
      if (at == list->end() || *at != *mbps) list->insert(at, static_cast<std::uint32_t>(*mbps));
    }
  }
}

// One "Key: value" line: speed, duplex, auto-negotiation, lanes into `l`, "Link detected" into
// `link_detected`; other keys are not read.
void read_link_line(TextInput& in, const Line& line, std::string_view key, std::string_view value, LinkLines& l,
                    Field<bool>& link_detected) {
  model::LinkSettings& s = l.settings;
  l.modes = mode_list(s, key);
  if (l.modes) {
    add_mode_speeds(value, *l.modes);
  } else if (key == "Speed") {
    if (value == "Unknown!") {
      s.speed_mbps.reset();
      l.speed = true;
    } else if (value.ends_with("Mb/s") && to_u32(value.substr(0, value.size() - 4))) {
      s.speed_mbps = *to_u32(value.substr(0, value.size() - 4));
      l.speed = true;
    } else {
      l.error = in.warn(line, "unreadable speed " + shown(value));
    }
  } else if (key == "Duplex") {
    if (value == "Full" || value == "Half" || value.starts_with("Unknown!")) {
      s.duplex = value == "Full" ? "full" : value == "Half" ? "half" : "unknown";
      l.duplex = true;
    } else {
      l.error = in.warn(line, "unreadable duplex " + shown(value));
    }
  } else if (key == "Auto-negotiation") {
    if (const auto on = on_off(value)) {
      s.autoneg = *on;
      l.autoneg = true;
    } else {
      l.error = in.warn(line, "unreadable auto-negotiation " + shown(value));
    }
  } else if (key == "Lanes") {
    if (const auto n = to_u32(value))
      s.lanes = *n;
    else
      l.error = in.warn(line, "unreadable lanes " + shown(value));
  } else if (key == "Link detected") {
    const auto yes = on_off(value);
    link_detected = yes ? Field<bool>::of(*yes, in.at(line)) : in.garbled<bool>(line, "link detected", value);
  }
}

}  // namespace

Expected<Parsed<EthtoolLink>> parse_ethtool_link(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  EthtoolLink out;
  if (in.lines().empty()) return in.error("empty: no ethtool output");
  const Line& head = in.lines().front();
  if (auto failure = tool_failure(head.body())) {
    const std::string why = in.located(head, head.body());
    out.settings = Field<model::LinkSettings>::missing(*failure, why, in.at(head));
    out.link_detected = Field<bool>::missing(*failure, why, in.at(head));
    return in.result(std::move(out));
  }
  if (!head.body().starts_with("Settings for ") || !head.body().ends_with(':'))
    return in.error(head, "not ethtool output: expected 'Settings for <if>:', got " + shown(head.text));

  LinkLines l;
  for (std::size_t i = 1; i < in.lines().size(); ++i) {
    const Line& line = in.lines()[i];
    if (tool_failure(line.body())) continue;  // "Cannot get wake-on-lan settings: Operation not permitted"
    const auto kv = split_key(line.body());
    if (!kv) {  // continuation of a link-mode or message-level list
      if (l.modes && line.indented()) add_mode_speeds(line.body(), *l.modes);
      continue;
    }
    read_link_line(in, line, kv->first, kv->second, l, out.link_detected);
  }
  if (l.error.empty() && !(l.speed && l.duplex && l.autoneg))
    l.error = in.warn(head, "Speed, Duplex or Auto-negotiation line missing (truncated output?)");
  out.settings = l.error.empty() ? Field<model::LinkSettings>::of(l.settings, in.at(head))
                                 : Field<model::LinkSettings>::missing(Availability::error, l.error, in.at(head));
  if (!out.link_detected.ok() && out.link_detected.availability != Availability::error)
    out.link_detected = Field<bool>::missing(Availability::absent, "no 'Link detected:' line", in.at(head));
  return in.result(std::move(out));
}

}  // namespace roce::captures::text
