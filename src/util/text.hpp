#pragma once
// Small text helpers every reader and view shares: joining, ASCII whitespace, trimming, words,
// lines, pieces, UTF-8 validity, HTML escapes.
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
/// {"a", "", "b"}). The CR of a CRLF line end goes too ("a\r\nb\r" -> {"a", "b"}): every reader
/// that splits with this takes a file saved on Windows as the same file.
inline std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    if (line.ends_with('\r')) line.remove_suffix(1);
    out.push_back(line);
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

/// The length of the well-formed UTF-8 sequence at the start of `s` (1 to 4), or 0 when it starts
/// with none (a stray continuation byte, an overlong form, a surrogate, a code point past U+10FFFF,
/// a cut sequence).
constexpr std::size_t utf8_sequence_length(std::string_view s) {
  if (s.empty()) return 0;
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char lead = b(0);
  if (lead < 0x80) return 1;
  std::size_t n = 0;
  unsigned char low = 0x80, high = 0xbf;  // the second byte's range (narrower after some leads)
  if (lead >= 0xc2 && lead <= 0xdf) {
    n = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    n = 3;
    if (lead == 0xe0) low = 0xa0;   // overlong
    if (lead == 0xed) high = 0x9f;  // surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    n = 4;
    if (lead == 0xf0) low = 0x90;   // overlong
    if (lead == 0xf4) high = 0x8f;  // past U+10FFFF
  } else {
    return 0;
  }
  if (s.size() < n || b(1) < low || b(1) > high) return 0;
  for (std::size_t i = 2; i < n; ++i)
    if (b(i) < 0x80 || b(i) > 0xbf) return 0;
  return n;
}

/// Whether `s` is well-formed UTF-8 (what JSON and Prometheus labels must be).
constexpr bool valid_utf8(std::string_view s) {
  while (!s.empty()) {
    const std::size_t n = utf8_sequence_length(s);
    if (n == 0) return false;
    s.remove_prefix(n);
  }
  return true;
}

/// `s` with each byte that starts no well-formed UTF-8 sequence replaced by U+FFFD: a host name or
/// label read from a file in another encoding ("gpu-n\xf6de") stays readable and valid in output.
inline std::string to_valid_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  while (!s.empty()) {
    const std::size_t n = utf8_sequence_length(s);
    if (n == 0) {
      out += "\xef\xbf\xbd";
      s.remove_prefix(1);
    } else {
      out += s.substr(0, n);
      s.remove_prefix(n);
    }
  }
  return out;
}

/// `text` with &, <, >, " and ' as entities: safe inside HTML text and quoted attributes.
inline std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace roce::util
