// The value spellings switch exports use.
#include "switch/text_values.hpp"

#include <cctype>

#include "util/text.hpp"

namespace roce::switches {

std::optional<std::uint64_t> parse_unsigned(std::string_view s) {
  const std::string t(util::trim(s));
  if (t.empty()) return std::nullopt;
  std::uint64_t v = 0;
  for (char c : t) {
    if (c == ',') continue;
    if (c < '0' || c > '9') return std::nullopt;
    if (v > (UINT64_MAX - 9) / 10) return std::nullopt;
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return v;
}

std::optional<bool> parse_bool(std::string_view s) {
  std::string t(util::trim(s));
  for (auto& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (t == "true" || t == "yes" || t == "on" || t == "enabled") return true;
  if (t == "false" || t == "no" || t == "off" || t == "disabled") return false;
  return std::nullopt;
}

std::vector<std::string> split_list(std::string_view s, char sep) {
  std::vector<std::string> out;
  while (true) {
    const auto at = s.find(sep);
    std::string part(util::trim(s.substr(0, at)));
    if (!part.empty()) out.push_back(std::move(part));
    if (at == std::string_view::npos) break;
    s.remove_prefix(at + 1);
  }
  return out;
}

std::optional<std::pair<int, int>> parse_range(std::string_view s) {
  const auto dash = s.find('-');
  auto first = parse_unsigned(s.substr(0, dash));
  auto last = dash == std::string_view::npos ? first : parse_unsigned(s.substr(dash + 1));
  if (!first || !last || *first > *last || *last > 1000) return std::nullopt;
  return std::pair<int, int>{static_cast<int>(*first), static_cast<int>(*last)};
}

std::optional<std::uint8_t> parse_priority_mask(std::string_view s) {
  std::uint8_t mask = 0;
  for (const auto& part : split_list(s, ',')) {
    auto range = parse_range(part);
    if (!range || range->second > 7) return std::nullopt;
    for (int p = range->first; p <= range->second; ++p) mask = static_cast<std::uint8_t>(mask | (1u << p));
  }
  return mask;
}

std::string reference_name(std::string_view s) {
  std::string t(util::trim(s));
  if (t.size() >= 2 && t.front() == '[' && t.back() == ']') {
    t = t.substr(1, t.size() - 2);
    const auto bar = t.rfind('|');
    if (bar != std::string::npos) t = t.substr(bar + 1);
  }
  return t;
}

std::pair<std::string, std::uint64_t> port_order(const std::string& name) {
  std::size_t digits = name.size();
  while (digits > 0 && std::isdigit(static_cast<unsigned char>(name[digits - 1]))) --digits;
  const auto n = digits < name.size() && name.size() - digits < 18 ? parse_unsigned(name.substr(digits)) : std::nullopt;
  return {name.substr(0, digits), n.value_or(0)};
}

}  // namespace roce::switches
