// Durations on the command line: seconds when bare, or with a unit.
#include "cli/duration.hpp"

#include <charconv>
#include <string>

namespace roce::cli {
namespace {

std::uint64_t ms_per_unit(std::string_view unit) {
  if (unit.empty() || unit == "s") return 1000;
  if (unit == "ms") return 1;
  if (unit == "m") return 60'000;
  if (unit == "h") return 3'600'000;
  return 0;
}

bool all_digits(std::string_view text) { return text.find_first_not_of("0123456789") == std::string_view::npos; }

}  // namespace

Expected<std::chrono::milliseconds> parse_duration(std::string_view text) {
  const auto bad = [&] { return fail("invalid duration \"" + std::string(text) + "\"", kDurationHint); };
  const auto number_end = text.find_first_not_of("0123456789.");
  const std::string_view number = text.substr(0, number_end);
  const std::string_view unit = number_end == std::string_view::npos ? std::string_view() : text.substr(number_end);
  const auto dot = number.find('.');
  const std::string_view whole = number.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? std::string_view() : number.substr(dot + 1);
  const std::uint64_t unit_ms = ms_per_unit(unit);
  if (unit_ms == 0 || number.empty() || number == "." || !all_digits(whole) || !all_digits(fraction) ||
      (dot != std::string_view::npos && fraction.empty()) || fraction.size() > 6 || whole.size() > 12)
    return bad();
  std::uint64_t w = 0, f = 0, scale = 1;
  if (!whole.empty()) std::from_chars(whole.data(), whole.data() + whole.size(), w);
  if (!fraction.empty()) std::from_chars(fraction.data(), fraction.data() + fraction.size(), f);
  for (std::size_t i = 0; i < fraction.size(); ++i) scale *= 10;
  if ((f * unit_ms) % scale != 0)
    return fail("invalid duration \"" + std::string(text) + "\"", "give whole milliseconds");
  if (w > 10'000'000'000ULL / unit_ms) return fail("duration \"" + std::string(text) + "\" is too long");
  const std::uint64_t ms = w * unit_ms + f * unit_ms / scale;
  if (ms == 0) return bad();
  if (ms > 10'000'000'000ULL) return fail("duration \"" + std::string(text) + "\" is too long");
  return std::chrono::milliseconds(static_cast<std::int64_t>(ms));
}

Expected<std::chrono::milliseconds> parse_window(std::string_view text) {
  if (text == "0") return std::chrono::milliseconds{0};
  return parse_duration(text);
}

}  // namespace roce::cli
