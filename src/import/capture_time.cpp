#include "import/capture_time.hpp"
#include "util/json_parse.hpp"
#include "util/text.hpp"

#include <array>
#include <charconv>
#include <ctime>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace roce::import {
namespace {

constexpr std::array<std::string_view, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

bool number(std::string_view s, int& out, int lo, int hi) {
  if (s.empty() || s.size() > 6) return false;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && end == s.data() + s.size() && out >= lo && out <= hi;
}

// "20:30:00" (seconds may carry a fraction: ".123456").
bool clock_time(std::string_view s, int& h, int& m, int& sec) {
  if (s.size() < 8 || s[2] != ':' || s[5] != ':') return false;
  std::string_view seconds = s.substr(6, 2);
  if (s.size() > 8 && s[8] != '.') return false;
  return number(s.substr(0, 2), h, 0, 23) && number(s.substr(3, 2), m, 0, 59) && number(seconds, sec, 0, 60);
}

std::int64_t utc_ms(int year, int month0, int day, int h, int m, int s) {
  std::tm tm{};
  tm.tm_year = year - 1900;
  tm.tm_mon = month0;
  tm.tm_mday = day;
  tm.tm_hour = h;
  tm.tm_min = m;
  tm.tm_sec = s;
  return static_cast<std::int64_t>(timegm(&tm)) * 1000;
}

}  // namespace

Expected<std::int64_t> parse_date_output(std::string_view text) {
  const auto w = util::split_words(text);
  if (w.size() != 6)
    return fail("expected `date` output like \"Sun Nov 29 20:30:00 UTC 2026\", got " + std::to_string(w.size()) +
                " words");
  int month0 = -1;
  for (std::size_t i = 0; i < kMonths.size(); ++i)
    if (w[1] == kMonths[i]) month0 = static_cast<int>(i);
  int day = 0, h = 0, m = 0, s = 0, year = 0;
  if (month0 < 0 || !number(w[2], day, 1, 31) || !clock_time(w[3], h, m, s) || !number(w[5], year, 1970, 9999))
    return fail("expected `date` output like \"Sun Nov 29 20:30:00 UTC 2026\", got \"" +
                std::string(text.substr(0, 60)) + "\"");
  if (w[4] != "UTC" && w[4] != "GMT" && w[4] != "Z")
    return fail("`date` printed the time in zone " + std::string(w[4].substr(0, 16)) +
                    ", which an abbreviation does not place on the time line",
                "capture `date --utc` as well");
  return utc_ms(year, month0, day, h, m, s);
}

Expected<std::int64_t> parse_sos_manifest_time(std::string_view json_text) {
  auto parsed = util::json_parse<nlohmann::json>(json_text);
  if (!parsed) return fail(std::move(parsed.error()));
  const auto& doc = *parsed;
  if (doc.is_discarded() || !doc.is_object()) return fail("not a JSON object");
  auto it = doc.find("start_time");
  if (it == doc.end() || !it->is_string()) return fail("no \"start_time\" string");
  const std::string value = it->get<std::string>();
  int year = 0, month = 0, day = 0, h = 0, m = 0, s = 0;
  const std::string_view v = value;
  if (v.size() < 19 || v[4] != '-' || v[7] != '-' || (v[10] != ' ' && v[10] != 'T') ||
      !number(v.substr(0, 4), year, 1970, 9999) || !number(v.substr(5, 2), month, 1, 12) ||
      !number(v.substr(8, 2), day, 1, 31) || !clock_time(v.substr(11), h, m, s))
    return fail("\"start_time\" is not \"YYYY-MM-DD HH:MM:SS[.ffffff]\": \"" + value.substr(0, 40) + "\"");
  return utc_ms(year, month - 1, day, h, m, s);
}

}  // namespace roce::import
