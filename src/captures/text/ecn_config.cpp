#include "captures/text/ecn_config.hpp"

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

// The path and the value of "PATH<sep>VALUE"; nullopt when the line has no separator or value.
std::optional<std::pair<std::string_view, std::string_view>> path_and_value(std::string_view body) {
  std::size_t end = body.find_first_of(":= \t");
  if (end == std::string_view::npos || end == 0) return std::nullopt;
  const std::string_view path = body.substr(0, end);
  std::string_view value = trim(body.substr(end));
  while (!value.empty() && (value.front() == ':' || value.front() == '=')) value = trim(value.substr(1));
  if (value.empty()) return std::nullopt;
  return std::pair{path, value};
}

}  // namespace

Expected<Parsed<model::Field<model::NicEcn>>> parse_ecn_config(std::string_view text, const TextOrigin& origin) {
  using Result = model::Field<model::NicEcn>;
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no ecn sysfs dump");
  model::NicEcn ecn;
  for (auto& f : ecn.np)
    f = model::Field<bool>::missing(model::Availability::absent, origin.file + ": not in the dump");
  for (auto& f : ecn.rp)
    f = model::Field<bool>::missing(model::Availability::absent, origin.file + ": not in the dump");
  bool any_ecn_line = false;
  for (const Line& line : in.lines()) {
    const auto pv = path_and_value(line.body());
    if (!pv || pv->first.find("roce_") == std::string_view::npos) {
      in.warn(line, "not a line of an ecn sysfs dump (PATH: VALUE), skipped: " + shown(line.text));
      continue;
    }
    any_ecn_line = true;
    const auto [path, value] = *pv;
    for (const char* point : {"roce_np/enable/", "roce_rp/enable/"}) {
      const std::size_t at = path.find(point);
      if (at == std::string_view::npos) continue;
      const auto prio = to_u32(path.substr(at + 15));
      if (!prio || *prio >= model::kPriorities) {
        in.warn(line, "unreadable priority in " + shown(path));
        break;
      }
      auto& slot = (point[5] == 'n' ? ecn.np : ecn.rp)[*prio];
      const auto flag = to_u32(value);
      if (!flag || *flag > 1)
        slot = in.garbled<bool>(line, std::string(path.substr(at)) + " value", value);
      else
        slot = model::Field<bool>::of(*flag == 1, in.at(line));
    }
  }
  if (!any_ecn_line) return in.error("not an ecn sysfs dump: no roce_np/roce_rp line");
  return in.result(Result::of(ecn, in.at(in.lines().front())));
}

}  // namespace roce::captures::text
