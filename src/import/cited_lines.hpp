#pragma once
// The lines of a capture's files that the imported host's values cite, kept as model::RawLines so
// that a postmortem can quote its evidence exactly. Pure: import_folder reads the files.
#include <cstddef>
#include <map>
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

}  // namespace roce::import
