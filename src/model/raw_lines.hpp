#pragma once
// The raw text lines that the values of an imported capture cite (Provenance {"sos",
// "sos_commands/mellanox/mlnx_qos_-i_ens1f0:2"}), kept beside the host so that output can quote its
// evidence exactly. Only cited lines are kept, never whole files, each cut to kMaxRawLineBytes; a
// value read from several lines (a DCB object) keeps the block it was read from
// (import/cited_lines.hpp), its lines joined by '\n'. A counter set (ethtool -S) cites its first
// line; the lines of its counters that checks can cite are kept too, each under its own FILE:LINE.
#include <algorithm>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "model/field.hpp"

namespace roce::model {

inline constexpr std::size_t kMaxRawLineBytes = 400;

struct RawLines {
  /// (source, "FILE:LINE") -> the line as the file holds it (line ending and trailing blanks dropped),
  /// or the block from there.
  std::map<std::pair<std::string, std::string>, std::string> lines;

  /// The line (or block) `from` cites, or null when it cites none kept here.
  const std::string* find(const Provenance& from) const {
    const auto it = lines.find({from.source, from.locator});
    return it == lines.end() ? nullptr : &it->second;
  }
  /// The kept line of counter `raw_name` in the file that the counter set read from `set` (a
  /// Provenance {source, "FILE:LINE"}) cites: the line "NAME: VALUE" (ethtool -S, blanks before
  /// it), under its own locator; null when none is kept.
  const std::pair<const std::pair<std::string, std::string>, std::string>* find_counter(
      const Provenance& set, std::string_view raw_name) const {
    const std::size_t colon = set.locator.rfind(':');
    if (colon == std::string::npos || raw_name.empty()) return nullptr;
    const std::string file = set.locator.substr(0, colon + 1);
    for (auto it = lines.lower_bound({set.source, file}); it != lines.end(); ++it) {
      if (it->first.first != set.source || it->first.second.compare(0, file.size(), file) != 0) break;
      if (it->first.second.find(':', file.size()) != std::string::npos) continue;  // "FILE:N" of a longer FILE
      std::string_view text = it->second;
      text.remove_prefix(std::min(text.find_first_not_of(" \t"), text.size()));
      if (text.size() > raw_name.size() && text.compare(0, raw_name.size(), raw_name) == 0 &&
          text[raw_name.size()] == ':')
        return &*it;
    }
    return nullptr;
  }
  void add(const Provenance& from, std::string text) { lines[{from.source, from.locator}] = std::move(text); }
  bool empty() const { return lines.empty(); }
  bool operator==(const RawLines&) const = default;
};

}  // namespace roce::model
