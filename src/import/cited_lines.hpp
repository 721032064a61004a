#pragma once
// The lines of a capture's files that the imported host's values cite, kept as model::RawLines so
// that a postmortem can quote its evidence exactly. Pure: import_folder reads the files.
#include <cstddef>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "model/host.hpp"
#include "model/raw_lines.hpp"

namespace roce::import {

/// A value read from several lines (a DCB object, ethtool's link settings) cites the first: its
/// quote is the block from there, up to a blank line, a line another value cites, the end of the
/// file or kMaxBlockLines lines in all.
inline constexpr std::size_t kMaxBlockLines = 10;

/// Cited line number (1-based) -> whether its quote is a block (false: the line alone).
using CitedLines = std::map<std::size_t, bool>;

/// Per file label, the lines that the Fields of `host` read from `source` cite (Provenance
/// {source, "FILE:LINE"}). A scalar, a string list or a counter set (ethtool -S: one line per
/// counter, the field citing the first) quotes its line alone; any other value, a block.
std::map<std::string, CitedLines> cited_lines(const model::Host& host, const std::string& source);

/// Keeps the quotes of the `cited` lines of `text` (the file `label` of the capture) in `into`.
/// Each line without its line ending and trailing blanks, control characters as '?', longer than
/// model::kMaxRawLineBytes cut and marked " [...]"; a block's lines joined by '\n'. Lines past the
/// end of the text are left out.
void keep_cited_lines(model::RawLines& into, const std::string& source, const std::string& label, std::string_view text,
                      const CitedLines& cited);

/// Per file label, the raw names of the counters in the counter sets (ethtool -S) of `host` read from
/// `source` that have a canonical name (counters/canonical.hpp): the counters a check can cite.
std::map<std::string, std::set<std::string, std::less<>>> cited_counters(const model::Host& host,
                                                                         const std::string& source);

/// Keeps, under its own "FILE:LINE", each line "NAME: VALUE" of `text` (the file `label`) whose NAME
/// (blanks before it dropped) is in `names`, quoted as keep_cited_lines quotes a line; lines another
/// value cites are left as they are.
void keep_counter_lines(model::RawLines& into, const std::string& source, const std::string& label,
                        std::string_view text, const std::set<std::string, std::less<>>& names);

}  // namespace roce::import
