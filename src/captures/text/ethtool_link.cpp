#include "captures/text/ethtool_link.hpp"

#include "captures/text/text_input.hpp"

namespace roce::captures::text {

using model::Availability;
using model::Field;

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

  model::LinkSettings s;
  bool speed = false, duplex = false, autoneg = false;
  std::string error;
  for (std::size_t i = 1; i < in.lines().size(); ++i) {
    const Line& line = in.lines()[i];
    if (tool_failure(line.body())) continue;  // "Cannot get wake-on-lan settings: Operation not permitted"
    const auto kv = split_key(line.body());
    if (!kv) continue;  // continuation of a link-mode or message-level list
    const auto [key, value] = *kv;
    if (key == "Speed") {
      if (value == "Unknown!") {
        s.speed_mbps.reset();
        speed = true;
      } else if (value.ends_with("Mb/s") && to_u32(value.substr(0, value.size() - 4))) {
        s.speed_mbps = *to_u32(value.substr(0, value.size() - 4));
        speed = true;
      } else {
        error = in.warn(line, "unreadable speed " + shown(value));
      }
    } else if (key == "Duplex") {
      if (value == "Full" || value == "Half" || value.starts_with("Unknown!")) {
        s.duplex = value == "Full" ? "full" : value == "Half" ? "half" : "unknown";
        duplex = true;
      } else {
        error = in.warn(line, "unreadable duplex " + shown(value));
      }
    } else if (key == "Auto-negotiation") {
      if (const auto on = on_off(value)) {
        s.autoneg = *on;
        autoneg = true;
      } else {
        error = in.warn(line, "unreadable auto-negotiation " + shown(value));
      }
    } else if (key == "Lanes") {
      if (const auto n = to_u32(value))
        s.lanes = *n;
      else
        error = in.warn(line, "unreadable lanes " + shown(value));
    } else if (key == "Link detected") {
      const auto yes = on_off(value);
      out.link_detected = yes ? Field<bool>::of(*yes, in.at(line)) : in.garbled<bool>(line, "link detected", value);
    }
  }
  if (error.empty() && !(speed && duplex && autoneg))
    error = in.warn(head, "Speed, Duplex or Auto-negotiation line missing (truncated output?)");
  out.settings = error.empty() ? Field<model::LinkSettings>::of(s, in.at(head))
                               : Field<model::LinkSettings>::missing(Availability::error, error, in.at(head));
  if (!out.link_detected.ok() && out.link_detected.availability != Availability::error)
    out.link_detected = Field<bool>::missing(Availability::absent, "no 'Link detected:' line", in.at(head));
  return in.result(std::move(out));
}

}  // namespace roce::captures::text
