// Slurm host list expressions: expanded as `scontrol show hostnames` does, compressed as Slurm writes them.
#include "fabric/hostlist.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <tuple>

namespace roce::fabric {
namespace {

// More hosts than any cluster has: an expression beyond it is a typo, not a cluster.
constexpr std::size_t kMaxHosts = 1'000'000;

Unexpected bad(std::string_view expression, std::size_t column, const std::string& why) {
  return fail("host list \"" + std::string(expression) + "\", column " + std::to_string(column + 1) + ": " + why,
              "Slurm's form: gpu[001-128], gpu[001-004,010], a[1-2]-ib[3-4], or names separated by commas");
}

// "007" -> 7 with width 3; nullopt when not all digits or too long.
std::optional<std::pair<unsigned long, std::size_t>> number(std::string_view s) {
  if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  return std::pair{std::stoul(std::string(s)), s.size()};
}

std::string padded(unsigned long n, std::size_t width) {
  std::string digits = std::to_string(n);
  if (digits.size() < width) digits.insert(0, width - digits.size(), '0');
  return digits;
}

// The values of one bracket's list "001-004,010" (without the brackets).
Expected<std::vector<std::string>> bracket_values(std::string_view expression, std::size_t at, std::string_view list) {
  std::vector<std::string> values;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view item = list.substr(start, comma - start);
    const std::size_t dash = item.find('-');
    const auto lo = number(item.substr(0, dash));
    const auto hi = dash == std::string_view::npos ? lo : number(item.substr(dash + 1));
    if (!lo || !hi) return bad(expression, at + start, "\"" + std::string(item) + "\" is not a number or a range");
    if (hi->first < lo->first) return bad(expression, at + start, "the range " + std::string(item) + " runs backwards");
    // Slurm pads to the lower bound's width when it is written with leading zeros.
    const std::size_t width = lo->second > 1 && item[0] == '0' ? lo->second : 0;
    if (hi->first - lo->first >= kMaxHosts) return bad(expression, at + start, "more than a million hosts");
    for (unsigned long n = lo->first; n <= hi->first; ++n) values.push_back(padded(n, width));
    start = comma + 1;
  }
  return values;
}

// One expression without top-level commas: text with bracket groups, every combination.
Expected<std::vector<std::string>> expand_one(std::string_view expression, std::size_t at, std::string_view one) {
  std::vector<std::string> names{""};
  std::size_t i = 0;
  while (i < one.size()) {
    const std::size_t open = one.find('[', i);
    const std::string_view text = one.substr(i, open == std::string_view::npos ? std::string_view::npos : open - i);
    if (text.find(']') != std::string_view::npos) return bad(expression, at + i + text.find(']'), "']' without '['");
    for (auto& n : names) n += text;
    if (open == std::string_view::npos) break;
    const std::size_t close = one.find(']', open);
    if (close == std::string_view::npos) return bad(expression, at + open, "'[' without ']'");
    auto values = bracket_values(expression, at + open + 1, one.substr(open + 1, close - open - 1));
    if (!values) return fail(std::move(values.error()));
    if (names.size() * values->size() > kMaxHosts) return bad(expression, at + open, "more than a million hosts");
    std::vector<std::string> combined;
    combined.reserve(names.size() * values->size());
    for (const auto& n : names)
      for (const auto& v : *values) combined.push_back(n + v);
    names = std::move(combined);
    i = close + 1;
  }
  for (const auto& n : names)
    if (n.empty()) return bad(expression, at, "an empty host name");
  return names;
}

}  // namespace

Expected<std::vector<std::string>> expand_hostlist(std::string_view expression) {
  std::vector<std::string> hosts;
  if (expression.empty()) return hosts;
  std::size_t start = 0;
  int depth = 0;
  for (std::size_t i = 0; i <= expression.size(); ++i) {
    const char c = i < expression.size() ? expression[i] : ',';
    if (c == '[') ++depth;
    if (c == ']') --depth;
    if (std::isspace(static_cast<unsigned char>(c))) return bad(expression, i, "a space");
    if (depth < 0) return bad(expression, i, "']' without '['");
    if (i == expression.size() && depth > 0) return bad(expression, expression.rfind('['), "'[' without ']'");
    if (c != ',' || depth > 0) continue;
    auto names = expand_one(expression, start, expression.substr(start, i - start));
    if (!names) return fail(std::move(names.error()));
    hosts.insert(hosts.end(), names->begin(), names->end());
    if (hosts.size() > kMaxHosts) return bad(expression, start, "more than a million hosts");
    start = i + 1;
  }
  return hosts;
}

std::string compress_hostlist(const std::vector<std::string>& hosts) {
  // A name's prefix and trailing number; padded numbers ("gpu007") keep their width, and a number
  // as wide as a padded one of its prefix ("gpu100") joins that group, as Slurm writes them.
  struct Name {
    std::string prefix;
    std::string digits;
  };
  std::vector<Name> names;
  std::map<std::string, std::size_t> padded_width;
  for (const auto& h : hosts) {
    std::size_t n = 0;
    while (n < h.size() && n < 9 && std::isdigit(static_cast<unsigned char>(h[h.size() - 1 - n]))) ++n;
    Name name{h.substr(0, h.size() - n), h.substr(h.size() - n)};
    if (n > 1 && name.digits[0] == '0') padded_width[name.prefix] = n;
    names.push_back(std::move(name));
  }
  struct Group {
    std::string prefix;
    std::size_t width = 0;  // 0: unpadded numbers
    bool bare = false;      // a name without a number
    std::vector<unsigned long> numbers;
  };
  std::vector<Group> groups;
  std::map<std::tuple<std::string, std::size_t, bool>, std::size_t> index;
  for (const auto& n : names) {
    const bool bare = n.digits.empty();
    const auto pw = padded_width.find(n.prefix);
    const std::size_t width = !bare && pw != padded_width.end() && pw->second == n.digits.size() ? pw->second : 0;
    auto [it, added] = index.emplace(std::tuple{n.prefix, width, bare}, groups.size());
    if (added) groups.push_back({n.prefix, width, bare, {}});
    if (!bare) groups[it->second].numbers.push_back(std::stoul(n.digits));
  }
  std::string out;
  for (auto& g : groups) {
    if (!out.empty()) out += ",";
    if (g.bare) {
      out += g.prefix;
      continue;
    }
    std::sort(g.numbers.begin(), g.numbers.end());
    g.numbers.erase(std::unique(g.numbers.begin(), g.numbers.end()), g.numbers.end());
    if (g.numbers.size() == 1) {
      out += g.prefix + padded(g.numbers[0], g.width);
      continue;
    }
    std::string ranges;
    for (std::size_t i = 0; i < g.numbers.size();) {
      std::size_t j = i;
      while (j + 1 < g.numbers.size() && g.numbers[j + 1] == g.numbers[j] + 1) ++j;
      if (!ranges.empty()) ranges += ",";
      ranges += padded(g.numbers[i], g.width);
      if (j > i) ranges += "-" + padded(g.numbers[j], g.width);
      i = j + 1;
    }
    out += g.prefix + "[" + ranges + "]";
  }
  return out;
}

}  // namespace roce::fabric
