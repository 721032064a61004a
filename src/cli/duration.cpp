#include "cli/duration.hpp"

#include <charconv>
#include <string>

namespace roce::cli {

Expected<std::chrono::milliseconds> parse_duration(std::string_view text) {
  const auto bad = [&] {
    return fail("invalid duration \"" + std::string(text) + "\"", "give a positive number and a unit: 500ms, 2s, 1m, 1h");
  };
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end == text.data() || n == 0) return bad();
  const std::string_view unit(end, text.data() + text.size() - end);
  std::uint64_t ms_per_unit = 0;
  if (unit == "ms") ms_per_unit = 1;
  else if (unit == "s") ms_per_unit = 1000;
  else if (unit == "m") ms_per_unit = 60'000;
  else if (unit == "h") ms_per_unit = 3'600'000;
  else return bad();
  if (n > 10'000'000'000ULL / ms_per_unit) return fail("duration \"" + std::string(text) + "\" is too long");
  return std::chrono::milliseconds(static_cast<std::int64_t>(n * ms_per_unit));
}

Expected<std::chrono::milliseconds> parse_window(std::string_view text) {
  if (text == "0") return std::chrono::milliseconds{0};
  return parse_duration(text);
}

}  // namespace roce::cli
