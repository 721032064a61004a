#pragma once
// Small text helpers every reader and view shares: joining, ASCII whitespace, trimming, words,
// lines, pieces.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roce::util {

/// The parts with `separator` between them: join({"a", "b"}, ", ") is "a, b".
inline std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += separator;
    out += parts[i];
  }
  return out;
}

/// ASCII whitespace: space, tab, CR, LF, vertical tab, form feed (the C locale's isspace).
constexpr bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

/// `s` without leading whitespace.
constexpr std::string_view trim_left(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  return s;
}

/// `s` without trailing whitespace.
constexpr std::string_view trim_right(std::string_view s) {
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

/// `s` without leading and trailing whitespace.
constexpr std::string_view trim(std::string_view s) { return trim_right(trim_left(s)); }

/// The words of `s`: its runs of non-whitespace ("  a b\tc " -> {"a", "b", "c"}).
inline std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

/// The lines of `text`, split on '\n' and without it; a last line needs no '\n' ("a\n\nb\n" ->
/// {"a", "", "b"}). A CR before the '\n' is kept: trim_right removes it with other trailing space.
inline std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    out.push_back(text.substr(0, eol));
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
  }
  return out;
}

/// The pieces of `s` between each `sep`, empty pieces kept ("a,,b" -> {"a", "", "b"}; "" -> {""}).
inline std::vector<std::string_view> split_on(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    const std::size_t p = s.find(sep);
    out.push_back(s.substr(0, p));
    if (p == std::string_view::npos) return out;
    s.remove_prefix(p + 1);
  }
}

}  // namespace roce::util
