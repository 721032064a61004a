#include "captures/text/text_input.hpp"

#include <cctype>
#include <charconv>

namespace roce::captures::text {
namespace {

constexpr std::size_t kShownChars = 60;

}  // namespace

std::string_view Line::body() const { return trim(text); }

TextInput::TextInput(std::string_view text, const TextOrigin& origin) : origin_(origin) {
  std::size_t number = 0;
  for (const std::string_view raw : util::split_lines(text)) {
    ++number;
    const std::string_view line = util::trim_right(raw);
    if (!line.empty()) lines_.push_back(Line{number, line});
  }
}

std::string TextInput::warn(const Line& line, const std::string& what) {
  std::string message = origin_.where(line.number) + ": " + what;
  warnings_.push_back(TextWarning{line.number, message});
  return message;
}

Unexpected TextInput::error(const Line& line, const std::string& what) const {
  return fail(origin_.where(line.number) + ": " + what);
}

Unexpected TextInput::error(const std::string& what) const { return fail(origin_.file + ": " + what); }

std::optional<std::pair<std::string_view, std::string_view>> split_key(std::string_view s, char sep) {
  const std::size_t p = s.find(sep);
  if (p == std::string_view::npos) return std::nullopt;
  return std::pair{trim(s.substr(0, p)), trim(s.substr(p + 1))};
}

bool consume(std::string_view& s, std::string_view prefix) {
  if (!s.starts_with(prefix)) return false;
  s.remove_prefix(prefix.size());
  return true;
}

std::optional<std::uint64_t> to_u64(std::string_view s, int base) {
  if (base == 16 && (s.starts_with("0x") || s.starts_with("0X"))) s.remove_prefix(2);
  if (s.empty()) return std::nullopt;
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<std::uint32_t> to_u32(std::string_view s, int base) {
  const auto v = to_u64(s, base);
  if (!v || *v > 0xffffffffu) return std::nullopt;
  return static_cast<std::uint32_t>(*v);
}

std::optional<double> to_double(std::string_view s) {
  const std::size_t dot = s.find('.');
  const auto whole = to_u64(s.substr(0, dot));
  if (!whole) return std::nullopt;
  double v = static_cast<double>(*whole);
  if (dot == std::string_view::npos) return v;
  const std::string_view frac = s.substr(dot + 1);
  if (frac.empty() || frac.size() > 9 || !to_u64(frac)) return std::nullopt;
  double scale = 0.1;
  for (char c : frac) {
    v += (c - '0') * scale;
    scale /= 10;
  }
  return v;
}

std::optional<bool> on_off(std::string_view s) {
  if (s == "on" || s == "yes") return true;
  if (s == "off" || s == "no") return false;
  return std::nullopt;
}

bool plain_key(std::string_view key) {
  if (key.empty()) return false;
  for (char c : key)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '_' || c == '-')) return false;
  return true;
}

std::optional<model::Availability> tool_failure(std::string_view body) {
  if (!body.starts_with("Cannot ")) return std::nullopt;
  const std::size_t colon = body.rfind(": ");
  if (colon == std::string_view::npos) return model::Availability::error;
  const std::string_view why = body.substr(colon + 2);
  if (why == "Operation not supported") return model::Availability::unsupported;
  if (why == "Operation not permitted" || why == "Permission denied") return model::Availability::denied;
  if (why == "No such device") return model::Availability::absent;
  return model::Availability::error;
}

std::string shown(std::string_view line) {
  std::string s;
  for (char c : line.substr(0, kShownChars)) {
    const auto u = static_cast<unsigned char>(c);
    s += (u < 0x20 || u == 0x7f) ? '?' : c;
  }
  if (line.size() > kShownChars) s += "...";
  return "'" + s + "'";
}

}  // namespace roce::captures::text
