#pragma once
// A switch's snapshot file: what a loop such as
//   while sleep 1; do date -u +%FT%T.%3NZ; show pfc counters; show queue counters; done > leaf01.txt
// writes on the switch: blocks, each a `date` line (the switch's clock) and the outputs taken then.
// Date lines: ISO 8601 ("2026-11-30T00:53:20.497Z", also with a space for T, without the
// fraction, with a +HH:MM offset, or without a zone: read as UTC) and `date`'s default in UTC
// ("Mon Nov 30 00:53:20 UTC 2026"). Pure: text in, blocks out.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roce::incident {

/// The Unix time of a date line; nullopt for a line that is no date. A line that looks like one
/// but cannot be read (another zone than UTC, a month 13) gives nullopt and says why.
std::optional<std::int64_t> date_line_ms(std::string_view line, std::string* why_not = nullptr);

/// Whether the line starts as a date line does (four digits and '-', or a weekday name), whether
/// or not it can be read.
bool looks_like_date_line(std::string_view line);

struct SnapshotBlock {
  std::int64_t time_ms = 0;
  std::size_t line = 0;   // of its date line, 1-based
  std::string_view text;  // the lines after it, up to the next date line
};

/// Visits the blocks of `text` in order (false stops); lines before the first date line, and a
/// date line that cannot be read (its block is left out), are notes "FILE:LINE: ...".
void for_each_block(std::string_view text, const std::string& file,
                    const std::function<bool(const SnapshotBlock&)>& visit, std::vector<std::string>& notes);

/// A number that changes when a row of the block's `show pfc counters` or `show pfcwd stats` tables
/// (or NVUE's `nv show interface IF counters qos pfc-stats`) changes, and the ports they are of: the
/// rows of its first SONiC table, one per NVUE table; 0 when it has none. Reads lines only, no numbers.
std::uint64_t pfc_fingerprint(std::string_view block, std::size_t& ports);

}  // namespace roce::incident
