// Snapshot files cut into dated blocks.
#include "incident/snapshot_blocks.hpp"

#include <charconv>
#include <ctime>

#include "import/capture_time.hpp"
#include "incident/scan_builder.hpp"
#include "incident/snapshot_counters.hpp"
#include "util/text.hpp"

namespace roce::incident {
namespace {

bool digits(std::string_view s, std::size_t at, std::size_t n, int& out) {
  if (at + n > s.size()) return false;
  for (std::size_t i = at; i < at + n; ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  std::from_chars(s.data() + at, s.data() + at + n, out);
  return true;
}

std::optional<std::int64_t> iso_ms(std::string_view s, std::string* why_not) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0;
  const auto bad = [&](const char* why) -> std::optional<std::int64_t> {
    if (why_not) *why_not = why;
    return std::nullopt;
  };
  if (!digits(s, 0, 4, y) || s[4] != '-' || !digits(s, 5, 2, mo) || s.size() < 19 || s[7] != '-' ||
      !digits(s, 8, 2, d) || (s[10] != 'T' && s[10] != ' ') || !digits(s, 11, 2, h) || s[13] != ':' ||
      !digits(s, 14, 2, mi) || s[16] != ':' || !digits(s, 17, 2, sec))
    return bad("not YYYY-MM-DDTHH:MM:SS");
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60) return bad("a field out of range");
  std::size_t i = 19;
  std::int64_t ms = 0;
  if (i < s.size() && (s[i] == '.' || s[i] == ',')) {
    ++i;
    std::int64_t scale = 100;
    const std::size_t start = i;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      ms += (s[i] - '0') * scale;
      scale /= 10;
    }
    if (i == start) return bad("a '.' without digits");
  }
  std::int64_t offset_min = 0;
  const std::string_view zone = s.substr(i);
  if (zone == "Z" || zone == "z" || zone.empty()) {
  } else if ((zone[0] == '+' || zone[0] == '-') && (zone.size() == 6 || zone.size() == 5 || zone.size() == 3)) {
    int oh = 0, om = 0;
    if (!digits(zone, 1, 2, oh)) return bad("an offset that is not +HH:MM");
    if (zone.size() == 6 && (zone[3] != ':' || !digits(zone, 4, 2, om))) return bad("an offset that is not +HH:MM");
    if (zone.size() == 5 && !digits(zone, 3, 2, om)) return bad("an offset that is not +HHMM");
    offset_min = (zone[0] == '-' ? -1 : 1) * (oh * 60 + om);
  } else {
    return bad("a zone that is neither Z nor +HH:MM");
  }
  std::tm tm{};
  tm.tm_year = y - 1900;
  tm.tm_mon = mo - 1;
  tm.tm_mday = d;
  tm.tm_hour = h;
  tm.tm_min = mi;
  tm.tm_sec = sec;
  return static_cast<std::int64_t>(timegm(&tm)) * 1000 + ms - offset_min * 60'000;
}

bool starts_with_weekday(std::string_view s) {
  static constexpr std::string_view kDays[] = {"Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "};
  for (auto d : kDays)
    if (s.starts_with(d)) return true;
  return false;
}

std::uint64_t hash_text(std::uint64_t fp, std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return fingerprint_add(fp, h);
}

}  // namespace

bool looks_like_date_line(std::string_view line) {
  line = util::trim(line);
  if (line.size() > 48) return false;
  int year = 0;
  if (line.size() >= 5 && digits(line, 0, 4, year) && line[4] == '-') return true;
  return starts_with_weekday(line) && util::split_words(line).size() == 6;
}

std::optional<std::int64_t> date_line_ms(std::string_view line, std::string* why_not) {
  line = util::trim(line);
  if (!looks_like_date_line(line)) return std::nullopt;
  if (!starts_with_weekday(line)) return iso_ms(line, why_not);
  auto t = import::parse_date_output(line);
  if (!t) {
    if (why_not) *why_not = t.error().message;
    return std::nullopt;
  }
  return *t;
}

void for_each_block(std::string_view text, const std::string& file,
                    const std::function<bool(const SnapshotBlock&)>& visit, std::vector<std::string>& notes) {
  std::size_t pos = 0, line_no = 0;
  std::optional<SnapshotBlock> open;  // the block being read; its text grows to the next date line
  bool skipping = false;              // after a date line that cannot be read
  std::size_t before_first = 0;
  const auto close = [&](std::size_t end) {
    if (!open) return true;
    open->text = text.substr(static_cast<std::size_t>(open->text.data() - text.data()),
                             end - static_cast<std::size_t>(open->text.data() - text.data()));
    const bool go_on = visit(*open);
    open.reset();
    return go_on;
  };
  while (pos < text.size()) {
    const std::size_t eol = text.find('\n', pos);
    const std::size_t end = eol == std::string_view::npos ? text.size() : eol;
    const std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    if (looks_like_date_line(line)) {
      if (!close(pos)) return;
      std::string why;
      if (auto t = date_line_ms(line, &why)) {
        const std::size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
        open = SnapshotBlock{*t, line_no, text.substr(next, 0)};
        skipping = false;
      } else {
        notes.push_back(file + ":" + std::to_string(line_no) + ": a date line that cannot be read (" + why +
                        "): its block is left out");
        skipping = true;
      }
    } else if (!open && !skipping && !util::trim(line).empty()) {
      ++before_first;
    }
    if (eol == std::string_view::npos) break;
    pos = eol + 1;
  }
  close(text.size());
  if (before_first > 0)
    notes.push_back(file + ":1: " + std::to_string(before_first) +
                    " lines before the first date line are not read (no time for them)");
}

std::uint64_t pfc_fingerprint(std::string_view block, std::size_t& ports) {
  ports = 0;
  std::uint64_t fp = 0;
  enum { outside, header, rows } state = outside;
  bool first_table = true;  // of SONiC's, whose rows are ports
  bool nv_table = false;    // an NVUE pfc-stats table: one port, its rows priorities
  std::size_t nv_tables = 0;
  std::string_view last_command;
  std::size_t pos = 0;
  while (pos <= block.size()) {
    const std::size_t eol = block.find('\n', pos);
    const std::size_t end = eol == std::string_view::npos ? block.size() : eol;
    const std::string_view line = util::trim(block.substr(pos, end - pos));
    const bool pfc_header =
        line.find("PFC0") != std::string_view::npos && (line.starts_with("Port Rx") || line.starts_with("Port Tx"));
    const bool pfcwd_header = line.starts_with("QUEUE") && line.find("STORM DETECTED") != std::string_view::npos;
    const bool nv_header =
        line.starts_with("switch-priority") && line.find("rx-pause-frames") != std::string_view::npos;
    const bool command = is_nv_command_line(line);
    if (command) last_command = line;
    if (state == outside && (pfc_header || pfcwd_header || nv_header)) {
      state = header;
      nv_table = nv_header;
      if (nv_header) {
        ++nv_tables;
        fp = hash_text(fp, last_command);  // the port the table is of
      }
    } else if (state == header) {
      state = line.starts_with("-") ? rows : outside;
    } else if (state == rows) {
      if (line.empty() || line.starts_with("-") || command) {
        state = outside;
        if (!nv_table) first_table = false;
      } else {
        fp = hash_text(fp, line);
        if (first_table && !nv_table) ++ports;
      }
    }
    if (eol == std::string_view::npos) break;
    pos = eol + 1;
  }
  ports += nv_tables;
  return fp;
}

}  // namespace roce::incident
