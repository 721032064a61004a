// Which capture lines the imported values cite, and those lines' text.
#include "import/cited_lines.hpp"

#include <algorithm>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "counters/canonical.hpp"
#include "model/for_each_field.hpp"
#include "util/text.hpp"

namespace roce::import {
namespace {

// "FILE:LINE" -> (FILE, LINE); nullopt for a locator without a line number.
std::optional<std::pair<std::string, std::size_t>> file_and_line(const std::string& locator) {
  const std::size_t colon = locator.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == locator.size() || locator.size() - colon > 10)
    return std::nullopt;
  std::size_t line = 0;
  for (std::size_t i = colon + 1; i < locator.size(); ++i) {
    if (locator[i] < '0' || locator[i] > '9') return std::nullopt;
    line = line * 10 + static_cast<std::size_t>(locator[i] - '0');
  }
  if (line == 0) return std::nullopt;
  return std::make_pair(locator.substr(0, colon), line);
}

template <class T>
constexpr bool kQuotesBlock = !(std::is_arithmetic_v<T> || std::is_enum_v<T> || std::is_same_v<T, std::string> ||
                                std::is_same_v<T, std::vector<std::string>> || std::is_same_v<T, model::CounterSet>);

std::string_view without_trailing_blanks(std::string_view line) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
  return line;
}

std::string quotable(std::string_view line) {
  line = without_trailing_blanks(line);
  const bool cut = line.size() > model::kMaxRawLineBytes;
  if (cut) {
    line = line.substr(0, model::kMaxRawLineBytes);
    while (!line.empty() && (static_cast<unsigned char>(line.back()) & 0xC0) == 0x80) line.remove_suffix(1);
    if (!line.empty() && (static_cast<unsigned char>(line.back()) & 0xC0) == 0xC0) line.remove_suffix(1);
  }
  std::string out(line);
  for (char& c : out)
    if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f) c = '?';
  return cut ? out + " [...]" : out;
}

}  // namespace

std::map<std::string, CitedLines> cited_lines(const model::Host& host, const std::string& source) {
  std::map<std::string, CitedLines> out;
  model::for_each_field_nested(host, [&](const char*, const auto& field) {
    using T = typename std::decay_t<decltype(field.value)>::value_type;
    if (field.from.source != source) return;
    if (auto at = file_and_line(field.from.locator)) out[at->first][at->second] |= kQuotesBlock<T>;
  });
  // Each row of a devlink shared buffer keeps its own line (model/shared_buffer.hpp): quoted alone.
  auto cite_row = [&](const model::Provenance& from) {
    if (from.source != source) return;
    if (auto at = file_and_line(from.locator)) out[at->first].try_emplace(at->second, false);
  };
  if (host.shared_buffers.ok()) {
    for (const auto& d : *host.shared_buffers) {
      for (const auto& p : d.pools) cite_row(p.from);
      for (const auto& p : d.port_pools) cite_row(p.from);
      for (const auto& b : d.tc_binds) cite_row(b.from);
    }
  }
  return out;
}

void keep_cited_lines(model::RawLines& into, const std::string& source, const std::string& label, std::string_view text,
                      const CitedLines& cited) {
  const auto lines = util::split_lines(text);
  for (const auto& [number, block] : cited) {
    if (number > lines.size()) break;
    std::string quote = quotable(lines[number - 1]);
    for (std::size_t next = number + 1; block && next <= lines.size() && next < number + kMaxBlockLines; ++next) {
      if (without_trailing_blanks(lines[next - 1]).empty() || cited.count(next)) break;
      quote += "\n" + quotable(lines[next - 1]);
    }
    into.add({source, label + ":" + std::to_string(number)}, std::move(quote));
  }
}

std::map<std::string, std::set<std::string, std::less<>>> cited_counters(const model::Host& host,
                                                                         const std::string& source) {
  std::map<std::string, std::set<std::string, std::less<>>> out;
  for (const auto& nd : host.netdevs) {
    if (!nd.ethtool_stats.ok() || nd.ethtool_stats.from.source != source) continue;
    const auto at = file_and_line(nd.ethtool_stats.from.locator);
    if (!at) continue;
    auto& names = out[at->first];
    for (const auto& [canonical, metric] : counters::canonicalize(&nd, nullptr))
      if (metric.set == "ethtool") names.insert(metric.raw_name);
  }
  return out;
}

void keep_counter_lines(model::RawLines& into, const std::string& source, const std::string& label,
                        std::string_view text, const std::set<std::string, std::less<>>& names) {
  const auto lines = util::split_lines(text);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    line.remove_prefix(std::min(line.find_first_not_of(" \t"), line.size()));
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || names.find(line.substr(0, colon)) == names.end()) continue;
    const model::Provenance at{source, label + ":" + std::to_string(i + 1)};
    if (into.find(at) == nullptr) into.add(at, quotable(lines[i]));
  }
}

}  // namespace roce::import
