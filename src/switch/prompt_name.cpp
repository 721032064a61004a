// Reading the host name out of a pasted shell prompt.
#include "switch/prompt_name.hpp"

#include <cctype>
#include <vector>

namespace roce::switches {
namespace {

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'; }

// The host of "USER@HOST:PATH$ ..." or "USER@HOST:PATH# ...", or "".
std::string prompt_host(std::string_view line) {
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  const auto at = line.find('@');
  if (at == 0 || at == std::string_view::npos || at > 32) return {};
  for (std::size_t i = 0; i < at; ++i)
    if (!name_char(line[i])) return {};
  std::size_t end = at + 1;
  while (end < line.size() && name_char(line[end])) ++end;
  if (end == at + 1 || end >= line.size() || line[end] != ':') return {};
  // The path ends at the prompt character, followed by a command (or nothing).
  const auto mark = line.find_first_of("$#", end);
  if (mark == std::string_view::npos || line.substr(end, mark - end).find(' ') != std::string_view::npos) return {};
  if (mark + 1 < line.size() && line[mark + 1] != ' ') return {};
  return std::string(line.substr(at + 1, end - at - 1));
}

}  // namespace

bool is_prompt_line(std::string_view line) { return !prompt_host(line).empty(); }

std::string command_in_prompt(std::string_view text) {
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!prompt_host(line).empty()) {
      const auto mark = line.find_first_of("$#", line.find('@'));
      std::string_view command = line.substr(mark + 1);
      while (!command.empty() && command.front() == ' ') command.remove_prefix(1);
      while (!command.empty() && command.back() == ' ') command.remove_suffix(1);
      return std::string(command);
    }
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
  return {};
}

std::string interface_in_nv_command(std::string_view command) {
  std::vector<std::string_view> words;
  while (!command.empty()) {
    const auto start = command.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    command.remove_prefix(start);
    const auto end = command.find(' ');
    words.push_back(command.substr(0, end));
    command.remove_prefix(end == std::string_view::npos ? command.size() : end);
  }
  for (std::size_t i = 0; i + 2 < words.size(); ++i)
    if (words[i] == "interface" && (words[i + 2] == "qos" || words[i + 2] == "counters"))
      return std::string(words[i + 1]);
  return {};
}

std::string name_in_prompt(std::string_view text) {
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (auto host = prompt_host(line); !host.empty()) return host;
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
  return {};
}

}  // namespace roce::switches
