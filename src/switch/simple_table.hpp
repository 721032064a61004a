#pragma once
// The tables SONiC's CLI prints (python tabulate "simple": a header line, a line of dash runs
// separated by spaces, then rows). The dash runs give the columns, so empty cells and values with
// spaces ("FortyGigabitEthernet 1/0/49") are read right. Lines before a header (titles, "Last
// cached time was ...") and after a table (footers) are kept as text.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roce::switches {

struct SimpleRow {
  std::size_t line = 0;  // 1-based
  std::vector<std::string> cells;
};

struct SimpleTable {
  std::size_t header_line = 0;
  std::vector<std::string> header;
  std::vector<SimpleRow> rows;
  std::vector<std::string> preamble;  // non-table lines since the previous table
  /// The column whose header is `name`, or -1.
  int column(std::string_view name) const;
};

/// Every table in the text, in order.
std::vector<SimpleTable> read_simple_tables(std::string_view text);

}  // namespace roce::switches
