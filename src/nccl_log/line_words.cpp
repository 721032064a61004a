// The word-level toolkit of the NCCL log readers.
#include "nccl_log/line_words.hpp"

#include <charconv>
#include <cstring>

namespace roce::nccl_log {

using std::string_view;

bool all_digits(string_view s) {
  if (s.empty()) return false;
  for (const char c : s)
    if (!is_digit(c)) return false;
  return true;
}

std::size_t find_anchored(string_view s, string_view needle, std::size_t anchor) {
  const char key = needle[anchor];
  std::size_t from = anchor;
  while (from < s.size()) {
    const void* hit = std::memchr(s.data() + from, key, s.size() - from);
    if (!hit) break;
    const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(hit) - s.data());
    if (s.substr(at - anchor).starts_with(needle)) return at - anchor;
    from = at + 1;
  }
  return string_view::npos;
}

std::optional<long long> to_number(string_view s) {
  long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end == s.data()) return std::nullopt;
  return v;
}

std::optional<int> leading_int(string_view s) {
  std::size_t n = 0;
  if (n < s.size() && s[n] == '-') ++n;
  while (n < s.size() && n < 10 && is_digit(s[n])) ++n;
  auto v = to_number(s.substr(0, n));
  if (!v) return std::nullopt;
  return static_cast<int>(*v);
}

string_view next_token(string_view& s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  const auto end = s.find(' ');
  const string_view token = s.substr(0, end);
  s.remove_prefix(end == string_view::npos ? s.size() : end);
  return token;
}

string_view word_after(string_view s, string_view key, std::size_t anchor) {
  const auto at = find_anchored(s, key, anchor);
  if (at == string_view::npos) return {};
  string_view rest = s.substr(at + key.size());
  return next_token(rest);
}

}  // namespace roce::nccl_log
