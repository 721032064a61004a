#pragma once
/// The raw text lines that the values of an imported capture cite (Provenance {"sos",
/// "sos_commands/mellanox/mlnx_qos_-i_ens1f0:2"}), kept beside the host so that output can quote its
/// evidence exactly. Only cited lines are kept, never whole files, each cut to kMaxRawLineBytes; a
/// value read from several lines (a DCB object) keeps the block it was read from
/// (import/cited_lines.hpp), its lines joined by '\n'.
#include <cstddef>
#include <map>
#include <string>
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
  void add(const Provenance& from, std::string text) { lines[{from.source, from.locator}] = std::move(text); }
  bool empty() const { return lines.empty(); }
  bool operator==(const RawLines&) const = default;
};

}  // namespace roce::model
