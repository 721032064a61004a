// --line-rate [N x]RATE, as bw and sweep take it.
#include "cli/line_rate.hpp"

#include <cctype>
#include <cstdlib>

namespace roce::cli {

Expected<model::StatedLineRate> line_rate_of(const std::string& text) {
  const auto bad = [&](const std::string& why) -> Expected<model::StatedLineRate> {
    return fail("--line-rate " + text + ": " + why,
                "give Gb/s per NIC, with the NICs per node in front for nccl-tests: 400G, 200Gb/s, 8x400G");
  };
  std::string s;
  for (char c : text)
    if (c != ' ' && c != '\t') s += c;
  model::StatedLineRate rate;
  rate.text = s;
  const auto x = s.find_first_of("xX*");
  if (x != std::string::npos) {
    const std::string count = s.substr(0, x);
    if (count.empty() || count.size() > 3 || count.find_first_not_of("0123456789") != std::string::npos)
      return bad("the NIC count before 'x' is not a number");
    rate.nics = std::stoi(count);
    if (rate.nics < 1 || rate.nics > 64) return bad("the NIC count must be 1 to 64");
    s = s.substr(x + 1);
  }
  std::size_t digits = 0;
  while (digits < s.size() && (std::isdigit(static_cast<unsigned char>(s[digits])) || s[digits] == '.')) ++digits;
  if (digits == 0 || digits > 8) return bad("no rate in Gb/s");
  char* end = nullptr;
  const std::string number = s.substr(0, digits);
  rate.gbps_per_nic = std::strtod(number.c_str(), &end);
  if (end != number.c_str() + number.size() || !(rate.gbps_per_nic > 0) || rate.gbps_per_nic > 3200)
    return bad("the rate must be a number of Gb/s above 0, at most 3200");
  const std::string unit = s.substr(digits);
  if (unit.find('B') != std::string::npos) return bad("B is bytes: give bits (Gb/s), 8 times the GB/s figure");
  std::string lower;
  for (char c : unit) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* ok : {"", "g", "gb", "gbe", "gbit", "gbps", "gb/s", "gbit/s", "gb/sec", "gbit/sec"})
    if (lower == ok) return rate;
  return bad("unknown unit \"" + unit + "\" (Gb/s only)");
}

}  // namespace roce::cli
