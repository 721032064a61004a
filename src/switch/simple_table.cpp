// Reading tabulate "simple" tables by the columns their dash line draws.
#include "switch/simple_table.hpp"

#include <utility>

#include "switch/text_values.hpp"
#include "util/text.hpp"

namespace roce::switches {
namespace {

struct Span {
  std::size_t begin = 0, end = 0;
};

// "-----  ---" as column spans; empty when the line is not only dashes and spaces.
std::vector<Span> dash_spans(const std::string& line) {
  std::vector<Span> spans;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ') {
      ++i;
      continue;
    }
    if (line[i] != '-') return {};
    Span s{i, i};
    while (i < line.size() && line[i] == '-') ++i;
    s.end = i;
    spans.push_back(s);
  }
  return spans;
}

// The cells of a line under the spans: tabulate makes every column as wide as its widest cell, so a
// column's text lies between its span's start and the next span's start (the first from column 0).
std::vector<std::string> cut(const std::string& line, const std::vector<Span>& spans) {
  std::vector<std::string> cells;
  for (std::size_t c = 0; c < spans.size(); ++c) {
    const std::size_t begin = c == 0 ? 0 : spans[c].begin;
    const std::size_t end = c + 1 < spans.size() ? spans[c + 1].begin : std::string::npos;
    cells.push_back(begin < line.size()
                        ? std::string(util::trim(line.substr(begin, end == std::string::npos ? end : end - begin)))
                        : std::string());
  }
  return cells;
}

}  // namespace

int SimpleTable::column(std::string_view name) const {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return static_cast<int>(i);
  return -1;
}

std::vector<SimpleTable> read_simple_tables(std::string_view text) {
  std::vector<std::string> lines;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string line(text.substr(0, nl));
    if (!line.empty() && line.back() == '\r') line.pop_back();
    for (auto& c : line)
      if (c == '\t') c = ' ';
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(std::move(line));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
  std::vector<SimpleTable> tables;
  std::vector<std::string> preamble;
  SimpleTable* open = nullptr;
  std::vector<Span> spans;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string& line = lines[i];
    auto dashes = i > 0 && !lines[i - 1].empty() ? dash_spans(line) : std::vector<Span>{};
    if (dashes.size() >= 2) {
      // The previous line was the header: take it back from the rows or the preamble.
      if (open && !open->rows.empty() && open->rows.back().line == i) open->rows.pop_back();
      if (!preamble.empty() && preamble.back() == lines[i - 1]) preamble.pop_back();
      SimpleTable t;
      t.header_line = i;
      t.header = cut(lines[i - 1], dashes);
      t.preamble = std::move(preamble);
      preamble.clear();
      tables.push_back(std::move(t));
      open = &tables.back();
      spans = std::move(dashes);
      continue;
    }
    if (line.empty() || (open && dash_spans(line).size() == 1)) {  // a blank line or a closing rule ends a table
      open = nullptr;
      if (!line.empty()) preamble.push_back(line);
      continue;
    }
    if (open)
      open->rows.push_back({i + 1, cut(line, spans)});
    else
      preamble.push_back(line);
  }
  return tables;
}

}  // namespace roce::switches
