// The level marker of an NCCL log line and the process prefix before it.
#include "nccl_log/line_prefix.hpp"

#include <array>

#include "nccl_log/line_words.hpp"
#include "util/text.hpp"

namespace roce::nccl_log {
namespace {

using std::string_view;
using util::trim;

constexpr std::array<string_view, 4> kLevels = {"INFO ", "WARN ", "TRACE ", "ABORT "};

// "host:pid:tid": host, then two numbers.
bool split_process(string_view token, Prefix& p) {
  const auto last = token.rfind(':');
  if (last == string_view::npos || last == 0) return false;
  const auto middle = token.rfind(':', last - 1);
  if (middle == string_view::npos || middle == 0) return false;
  if (!all_digits(token.substr(last + 1)) || !all_digits(token.substr(middle + 1, last - middle - 1))) return false;
  p.host = token.substr(0, middle);
  p.pid = token.substr(middle + 1, last - middle - 1);
  p.host_pid = token.substr(0, last);
  return true;
}

}  // namespace

LevelMarker find_level_marker(string_view line) {
  LevelMarker m;
  for (std::size_t from = 0;;) {
    const auto at = line.find("NCCL", from);
    if (at == string_view::npos) break;
    m.names_nccl = true;
    if (at + 4 >= line.size() || line[at + 4] != ' ') {
      from = at + 4;
      continue;
    }
    m.mentions_nccl = true;
    if (at == 0 || line[at - 1] == ' ') {
      const string_view after = line.substr(at + 5);
      for (string_view l : kLevels)
        if (after.starts_with(l)) m.level = l;
      if (!m.level.empty()) {
        m.at = at;
        break;
      }
    }
    from = at + 5;
  }
  return m;
}

Prefix parse_prefix(string_view text) {
  Prefix p;
  // The process token is followed by "[N]"; search from the right so that a timestamp with colons
  // before it is never taken for it.
  string_view rest = trim(text);
  std::size_t pos = rest.size();
  while (pos > 0) {
    const auto open = rest.rfind('[', pos - 1);
    if (open == string_view::npos || open == 0) break;
    const auto close = rest.find(']', open);
    if (close != string_view::npos && close > open + 1 && all_digits(rest.substr(open + 1, close - open - 1)) &&
        rest[open - 1] == ' ') {
      const string_view before = rest.substr(0, open - 1);
      const auto start = before.rfind(' ');
      const string_view token = before.substr(start == string_view::npos ? 0 : start + 1);
      if (split_process(token, p)) {
        p.has_process = true;
        p.device = leading_int(rest.substr(open + 1));
        p.where = trim(rest.substr(close + 1));
        string_view time = trim(before.substr(0, start == string_view::npos ? 0 : start));
        if (time.size() >= 2 && time.front() == '[' && time.back() == ']') time = time.substr(1, time.size() - 2);
        p.time = time;
        return p;
      }
    }
    pos = open;
  }
  return p;
}

}  // namespace roce::nccl_log
