#pragma once
// Times and durations as every view writes them: UTC clock times in three forms, and seconds.
#include <cstdint>
#include <ctime>
#include <string>

#include <fmt/format.h>

namespace roce::util {

enum class UtcForm {
  time_of_day,  // 22:01:10
  date_time,    // 2026-11-29 22:01:10
  iso8601,      // 2026-11-29T22:01:10Z
};

/// The UTC time of a Unix time in milliseconds, to the second.
inline std::string utc_text(std::int64_t unix_ms, UtcForm form) {
  const std::time_t secs = static_cast<std::time_t>(unix_ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  const char* format = form == UtcForm::time_of_day ? "%H:%M:%S"
                       : form == UtcForm::date_time ? "%Y-%m-%d %H:%M:%S"
                                                    : "%Y-%m-%dT%H:%M:%SZ";
  char buf[32];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

/// "5 s", "0.25 s", "1.23e+03 s": whole seconds without decimals, else three significant digits.
inline std::string seconds_text(double s) {
  return s == static_cast<long long>(s) ? fmt::format("{:.0f} s", s) : fmt::format("{:.3g} s", s);
}

}  // namespace roce::util
