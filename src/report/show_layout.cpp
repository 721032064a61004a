// The show text's layout: known values first with the missing ones grouped by reason, and lines
// wrapped to the terminal width.
#include <map>
#include <string_view>

#include "report/show_parts.hpp"

namespace roce::report::detail {
namespace {

// Visible width: colour escapes take no column.
std::size_t visible_width(std::string_view text) {
  std::size_t width = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\033') {
      while (i < text.size() && text[i] != 'm') ++i;
      continue;
    }
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++width;  // UTF-8: count lead bytes only
  }
  return width;
}

void wrap_line(std::string_view line, std::size_t width, std::string& out) {
  const std::size_t indent = line.find_first_not_of(' ') == std::string_view::npos ? 0 : line.find_first_not_of(' ');
  const std::string continuation(indent + 4, ' ');
  std::string current(line.substr(0, indent));
  bool first_word = true;
  std::size_t at = indent;
  while (at < line.size()) {
    auto end = line.find(' ', at);
    if (end == std::string_view::npos) end = line.size();
    // A word is never broken from the parenthesis after it: "n/a (absent)" stays whole.
    auto next = end;
    while (next < line.size() && line[next] == ' ' && next + 1 < line.size() && line[next + 1] == '(') {
      next = line.find(' ', next + 1);
      if (next == std::string_view::npos) next = line.size();
    }
    end = next;
    const std::string_view unit = line.substr(at, end - at);
    if (!first_word && visible_width(current) + 1 + visible_width(unit) > width) {
      out += current + "\n";
      current = continuation;
      first_word = true;
    }
    if (!first_word) current += ' ';
    current += unit;
    first_word = false;
    at = end + 1;
  }
  out += current + "\n";
}

}  // namespace

std::string take_missing(std::string line, MissingByReason& missing, const Style& style) {
  if (style.verbose) return line;
  std::size_t at = line.find(" n/a (");
  while (at != std::string::npos) {
    const std::size_t close = line.find(')', at + 6);
    const std::size_t space_before = at == 0 ? std::string::npos : line.rfind(' ', at - 1);
    const std::size_t label = space_before == std::string::npos ? 0 : space_before + 1;
    const bool pair = close != std::string::npos && line.find(' ', at + 6) > close && label < at &&
                      (close + 1 == line.size() || line[close + 1] == ' ');
    if (!pair) {
      at = line.find(" n/a (", at + 6);
      continue;
    }
    auto& labels = missing[line.substr(at + 6, close - at - 6)];
    labels += (labels.empty() ? "" : " ") + line.substr(label, at - label);
    // Remove "LABEL n/a (REASON)" with the space after it, or before it at the end of the line.
    std::size_t from = label, to = close + 1;
    if (to < line.size())
      ++to;
    else if (from > 0)
      --from;
    line.erase(from, to - from);
    at = line.find(" n/a (", from == 0 ? 0 : from - 1);
  }
  return line;
}

std::vector<std::string> known_first(std::vector<std::string> lines, const Style& style, MissingByReason missing) {
  if (style.verbose) return lines;
  std::vector<std::string> known;
  for (auto& line : lines) {
    auto rest = take_missing(std::move(line), missing, style);
    if (!rest.empty()) known.push_back(std::move(rest));
  }
  for (const auto& [reason, labels] : missing) known.push_back("n/a (" + reason + "): " + labels);
  return known;
}

std::string wrap_text(const std::string& text, std::size_t width) {
  if (width == 0) return text;
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    auto end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    const std::string_view line = std::string_view(text).substr(at, end - at);
    if (visible_width(line) <= width)
      out.append(line) += '\n';
    else
      wrap_line(line, width, out);
    at = end + 1;
  }
  if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

}  // namespace roce::report::detail
