// --since/--until: parsing and resolving a time.
#include "timeline/time_spec.hpp"

#include <charconv>
#include <ctime>
#include <optional>
#include <string_view>

namespace roce::timeline {
namespace {

constexpr std::int64_t kDayMs = 86'400'000;

// Reads exactly `digits` digits at text[pos].
bool read_number(std::string_view text, std::size_t pos, std::size_t digits, int& out) {
  if (pos + digits > text.size()) return false;
  const auto [end, ec] = std::from_chars(text.data() + pos, text.data() + pos + digits, out);
  return ec == std::errc() && end == text.data() + pos + digits;
}

// "HH:MM" or "HH:MM:SS" -> milliseconds into the day.
std::optional<std::int64_t> time_of_day_ms(std::string_view text) {
  int h = 0, m = 0, s = 0;
  if (text.size() != 5 && text.size() != 8) return std::nullopt;
  if (!read_number(text, 0, 2, h) || text[2] != ':' || !read_number(text, 3, 2, m)) return std::nullopt;
  if (text.size() == 8 && (text[5] != ':' || !read_number(text, 6, 2, s))) return std::nullopt;
  if (h > 23 || m > 59 || s > 60) return std::nullopt;
  return (h * 3600 + m * 60 + s) * std::int64_t{1000};
}

}  // namespace

std::int64_t TimeSpec::resolve(std::int64_t first_sample_ms) const {
  if (!time_of_day) return unix_ms;
  return first_sample_ms - ((first_sample_ms % kDayMs) + kDayMs) % kDayMs + unix_ms;
}

Expected<TimeSpec> parse_time_spec(const std::string& text) {
  const auto bad = [&] {
    return fail("invalid time \"" + text + "\"",
                "give 2026-11-29T22:01:10Z (UTC), @UNIX_SECONDS, or 22:01:10 on the first sample's day (UTC)");
  };
  if (!text.empty() && text[0] == '@') {
    std::int64_t secs = 0;
    const auto [end, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), secs);
    if (ec != std::errc() || end != text.data() + text.size() || secs < 0 || secs > 100'000'000'000) return bad();
    return TimeSpec{secs * 1000, false};
  }
  if (auto tod = time_of_day_ms(text)) return TimeSpec{*tod, true};
  std::string_view t = text;
  if (!t.empty() && (t.back() == 'Z' || t.back() == 'z')) t.remove_suffix(1);
  int year = 0, month = 0, day = 0;
  if (t.size() < 11 || !read_number(t, 0, 4, year) || t[4] != '-' || !read_number(t, 5, 2, month) || t[7] != '-' ||
      !read_number(t, 8, 2, day) || (t[10] != 'T' && t[10] != ' '))
    return bad();
  auto tod = time_of_day_ms(t.substr(11));
  if (!tod || month < 1 || month > 12 || day < 1 || day > 31) return bad();
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  return TimeSpec{static_cast<std::int64_t>(timegm(&tm)) * 1000 + *tod, false};
}

}  // namespace roce::timeline
