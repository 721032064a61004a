#include "captures/text/ethtool_s.hpp"

#include <cerrno>
#include <charconv>
#include <optional>
#include <string>

#include "captures/text/text_input.hpp"
#include "util/text.hpp"

namespace roce::captures::text {
namespace {

constexpr std::string_view kHeader = "NIC statistics:";
Unexpected line_error(std::size_t number, const std::string& what) {
  return fail("ethtool -S text line " + std::to_string(number) + ": " + what);
}

}  // namespace

// What ethtool prints for a netdev whose driver has no statistics (bond, bridge, VLAN, veth, lo):
// "no stats available" (ethtool 5.x/6.x), or perror's "Cannot get stats strings information:
// Operation not supported" (older ethtool, and ETHTOOL_GSSET_INFO failing).
std::optional<Error> no_statistics(std::string_view line) {
  constexpr std::string_view kPerror = "Cannot get stats strings information: ";
  if (line == "no stats available")
    return Error{"ethtool -S: no stats available (the driver reports none)", "", EOPNOTSUPP};
  if (!line.starts_with(kPerror)) return std::nullopt;
  const std::string_view why = line.substr(kPerror.size());
  return Error{"ethtool -S: " + std::string(line), "", why == "Operation not supported" ? EOPNOTSUPP : 0};
}

Expected<model::CounterSet> parse_ethtool_s(std::string_view text) {
  model::CounterSet set;
  bool seen_content = false;
  std::size_t number = 0;
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    const std::string_view raw = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    ++number;

    const std::string_view line = util::trim_right(raw);
    if (line.empty()) continue;
    if (!seen_content)
      if (auto none = no_statistics(line)) return fail(std::move(*none));
    if (!seen_content && line == kHeader) {
      seen_content = true;
      continue;
    }
    seen_content = true;

    // The name may itself contain ": " (ring prefixes), the value never does: split at the last.
    const std::string_view body = util::trim_left(line);
    const std::size_t sep = body.rfind(": ");
    if (body.size() == line.size() || sep == std::string_view::npos || sep == 0)
      return line_error(number, "expected 'name: value', got " + shown(raw));
    const std::string_view name = body.substr(0, sep);
    const std::string_view value = body.substr(sep + 2);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (value.empty() || ec == std::errc::result_out_of_range || ec != std::errc() ||
        end != value.data() + value.size()) {
      if (ec == std::errc::result_out_of_range)
        return line_error(number, "value of '" + std::string(name) + "' does not fit in 64 bits");
      return line_error(number, "expected 'name: value', got " + shown(raw));
    }
    set.entries.emplace_back(std::string(name), v);
  }
  if (!seen_content) return fail("ethtool -S text: empty (no 'NIC statistics:' header and no counters)");
  return set;
}

}  // namespace roce::captures::text
