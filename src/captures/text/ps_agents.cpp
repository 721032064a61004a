// The LLDP agents in a ps listing.
#include "captures/text/ps_agents.hpp"

#include <algorithm>

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

// "/usr/sbin/lldpad" → "lldpad"; "[kworker/0:1]" and "lldpd:" (its privilege-separated child
// names itself "lldpd: monitor. ...") lose their decoration.
std::string_view program(std::string_view word) {
  if (const auto slash = word.rfind('/'); slash != std::string_view::npos && !word.starts_with('['))
    word.remove_prefix(slash + 1);
  while (!word.empty() && (word.back() == ':' || word.back() == ']')) word.remove_suffix(1);
  if (word.starts_with('[')) word.remove_prefix(1);
  return word;
}

}  // namespace

Expected<Parsed<std::vector<std::string>>> parse_ps_lldp_agents(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no ps output");
  const Line& header = in.lines().front();
  const auto columns = split_words(header.body());
  const auto pid_at = std::find(columns.begin(), columns.end(), "PID");
  auto command_at = std::find(columns.begin(), columns.end(), "COMMAND");
  if (command_at == columns.end()) command_at = std::find(columns.begin(), columns.end(), "CMD");
  if (pid_at == columns.end() || command_at == columns.end())
    return in.error(header,
                    "not ps output: expected a header with PID and COMMAND (or CMD), got " + shown(header.text));
  const auto pid_column = static_cast<std::size_t>(pid_at - columns.begin());
  const auto command_column = static_cast<std::size_t>(command_at - columns.begin());
  std::vector<std::string> agents;
  for (const Line& line : in.lines()) {
    if (&line == &header) continue;
    const auto words = split_words(line.body());
    if (words.size() <= std::max(pid_column, command_column)) {
      in.warn(line, "a row with fewer columns than the header, skipped: " + shown(line.text));
      continue;
    }
    std::size_t at = command_column;
    while (at + 1 < words.size() && (words[at] == "\\_" || words[at] == "|")) ++at;  // auxf's tree
    const std::string_view name = program(words[at]);
    if (name != "lldpad" && name != "lldpd") continue;
    const bool known = std::any_of(agents.begin(), agents.end(),
                                   [&](const std::string& a) { return a.starts_with(std::string(name) + " "); });
    if (!known) agents.push_back(std::string(name) + " (pid " + std::string(words[pid_column]) + ")");
  }
  return in.result(std::move(agents));
}

}  // namespace roce::captures::text
