// Numbers and units as perftest and nccl-tests print them.
#include "results/numbers.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>

namespace roce::results {

std::optional<double> to_number(std::string_view s) {
  if (s.empty() || s.size() > 40) return std::nullopt;
  // Only what printf's %f/%g/%e print: sign, digits, one point, an exponent.
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '+' && c != 'e' && c != 'E')
      return std::nullopt;
  const std::string copy(s);
  char* end = nullptr;
  const double v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<double> to_gbps(double value, std::string_view unit) {
  if (unit == "Gb/sec") return value;
  if (unit == "MiB/sec" || unit == "MB/sec") return value * 1048576.0 * 8 / 1e9;
  if (unit == "GB/s") return value * 8;
  return std::nullopt;
}

}  // namespace roce::results
