// The show text's layout: known values first with the missing ones grouped by reason, and lines
// wrapped to the terminal width, never between a label and its value.
#include <algorithm>
#include <map>
#include <string>
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

// The labels the show view prints before a value ("mtu 9000", "pfc-cap 8"), each between spaces.
constexpr std::string_view kLabels =
    " active-mtu addresses app apptrust autoneg bands board-id buffer buffer-size bus-info "
    "carrier-changes counters dcbx delay driver dropped dscp-prio duplex early ecn-np ecn-rp "
    "ets ets-cap evidence fw gid gid-index gids hca-type hw-counters kernel lanes limit "
    "link-layer lldp-agents mac marked max max-mtu maxrate min module-cable-length mtu netdev "
    "netdevs node-type not-reported pause pci pcie-link pdrop pfc pfc-cap pfc-prevention-tout "
    "phys-state plog prio-buffer prio-pfc prio-tc priomap probability qdisc rate roce-counters "
    "roce-v2 rx rx-bytes rx-dropped rx-errors rx-packets rx-pause-frames sent speed state "
    "stats strict tc-bw tc-tsa total-size trust tx tx-bytes tx-dropped tx-errors tx-packets "
    "tx-pause-frames version willing ";

// The word without colour escapes.
std::string plain_word(std::string_view word) {
  std::string out;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] == '\033') {
      while (i < word.size() && word[i] != 'm') ++i;
      continue;
    }
    out += word[i];
  }
  return out;
}

bool is_label(std::string_view word) {
  const std::string plain = plain_word(word);
  return !plain.empty() && kLabels.find(" " + plain + " ") != std::string_view::npos;
}

// Lowercase letters, digits and '-', '_' or '.' after a letter: a name, as counters are labelled.
bool label_like(std::string_view word) {
  const std::string plain = plain_word(word);
  if (plain.empty() || plain[0] < 'a' || plain[0] > 'z') return false;
  return std::all_of(plain.begin(), plain.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
  });
}

bool is_number(std::string_view word) {
  return !word.empty() &&
         std::all_of(word.begin(), word.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.'; });
}

// "Gb/sec", "Mb/s", "m", "ms": what a number is counted in.
bool is_unit(std::string_view word) {
  return word.find("/s") != std::string_view::npos || word == "m" || word == "ms" || word == "s" || word == "us";
}

constexpr std::size_t kShortParenthesis = 24;

// A line never breaks between `word` (the last of `unit`, the words glued so far) and `next`: a
// value and the parenthesis after it ("n/a (absent)", "Gb/sec (4X EDR)"), a number and its unit, a
// label and its value ("mtu 9000", "rx-pause 803"). A label before another label (a list of the
// missing ones) may break.
bool glued(std::string_view unit, std::string_view word, std::string_view next) {
  if (next.empty()) return false;
  if (next[0] == '(') return true;
  // A short parenthesis stays whole ("(4X EDR)"); a long one (a cause in --verbose) wraps.
  if (const auto open = unit.rfind('(');
      open != std::string_view::npos && unit.find(')', open) == std::string_view::npos)
    return unit.size() - open + 1 + next.size() <= kShortParenthesis;
  if (is_number(word) && is_unit(next)) return true;
  if (is_label(word) && !is_label(next)) return true;
  return label_like(word) && next[0] >= '0' && next[0] <= '9';
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
    // Words glued to the next one stay on one line with it: "mtu 9000", "n/a (absent)".
    std::size_t word_start = at;
    while (end + 1 < line.size() && line[end] == ' ') {
      auto next_end = line.find(' ', end + 1);
      if (next_end == std::string_view::npos) next_end = line.size();
      if (!glued(line.substr(at, end - at), line.substr(word_start, end - word_start),
                 line.substr(end + 1, next_end - end - 1)))
        break;
      word_start = end + 1;
      end = next_end;
    }
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
    const auto content = line.find_first_not_of(' ');
    const bool quote = content != std::string_view::npos && line.substr(content).starts_with("> ");
    if (quote || visible_width(line) <= width)  // a quoted capture line stays as the file has it
      out.append(line) += '\n';
    else
      wrap_line(line, width, out);
    at = end + 1;
  }
  if (!text.empty() && text.back() != '\n' && !out.empty()) out.pop_back();
  return out;
}

}  // namespace roce::report::detail
