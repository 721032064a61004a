// Reading NVUE's per-interface counters tables.
#include "switch/cumulus_counters.hpp"

#include <cctype>

#include "switch/simple_table.hpp"
#include "switch/text_values.hpp"
#include "util/text.hpp"

namespace roce::switches {
namespace {

// "ECN Marked Packets" and "ecn-marked-packets" (NVUE prints both, by release) as one key.
std::string counter_key(std::string_view name) {
  std::string key;
  for (char c : util::trim(name))
    key += c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

struct Reader {
  const std::string& file;
  std::size_t first_line;
  std::string error;

  std::string at(std::size_t line) const { return file + ":" + std::to_string(first_line + line - 1); }

  // A cell: "n/a" (NVUE's "no such counter") and an empty cell are absent; "N Bytes" is N.
  std::optional<std::uint64_t> value(const std::string& cell, std::size_t line, std::string_view column) {
    std::string_view v = util::trim(cell);
    if (v.empty() || v == "n/a") return std::nullopt;
    if (v.ends_with(" Bytes")) v.remove_suffix(6);
    if (auto n = parse_unsigned(v)) return n;
    if (error.empty())
      error = at(line) + ": " + std::string(column) + " \"" + cell +
              "\" is not a count (NVUE scales some values, \"3.37 MB\": those cannot be read)";
    return std::nullopt;
  }
};

}  // namespace

bool is_nv_counters_header(std::string_view line) {
  const auto words = util::split_words(util::trim(line));
  if (words.size() >= 3 && words[0] == "switch-priority" && words[1] == "rx-pause-frames") return true;
  return words.size() == 3 && words[0] == "Counter" && words[1] == "Receive" && words[2] == "Transmit";
}

Expected<CumulusCounters> parse_nv_show_counters(std::string_view text, const std::string& file,
                                                 std::size_t first_line) {
  CumulusCounters out;
  Reader r{file, first_line, {}};
  bool read = false;
  for (const auto& t : read_simple_tables(text)) {
    const int sp = t.column("switch-priority");
    if (sp == 0) {
      const int cols[4] = {t.column("rx-pause-frames"), t.column("rx-pause-duration"), t.column("tx-pause-frames"),
                           t.column("tx-pause-duration")};
      std::array<std::optional<std::uint64_t>, 8>* into[4] = {&out.rx_pause_frames, &out.rx_pause_us,
                                                              &out.tx_pause_frames, &out.tx_pause_us};
      if (cols[0] < 0 && cols[2] < 0) continue;
      read = out.pfc = true;
      for (const auto& row : t.rows) {
        const auto p = parse_unsigned(row.cells[0]);
        if (!p || *p > 7) {
          if (r.error.empty()) r.error = r.at(row.line) + ": switch-priority \"" + row.cells[0] + "\" is not 0-7";
          continue;
        }
        for (int c = 0; c < 4; ++c)
          if (cols[c] >= 0) (*into[c])[*p] = r.value(row.cells[cols[c]], row.line, t.header[cols[c]]);
      }
      continue;
    }
    const int rx = t.column("Receive"), tx = t.column("Transmit");
    if (t.column("Counter") != 0 || rx < 0 || tx < 0) continue;
    read = true;
    for (const auto& row : t.rows) {
      const std::string key = counter_key(row.cells[0]);
      const auto cell = [&](int c) { return r.value(row.cells[c], row.line, row.cells[0] + " " + t.header[c]); };
      if (key == "total-octets") {
        out.rx_octets = cell(rx);
        out.tx_octets = cell(tx);
      } else if (key == "buffer-drops") {
        out.rx_buffer_drops = cell(rx);
      } else if (key == "total-drops") {
        out.tx_drops = cell(tx);
      } else if (key == "ecn-marked-packets") {
        out.ecn_marked = cell(tx);
      }
    }
  }
  if (!r.error.empty())
    return fail(r.error,
                "give the output of `nv show interface IF counters` or `... counters qos pfc-stats` as NVUE prints it");
  if (!read)
    return fail(
        file + ":" + std::to_string(first_line) +
            ": no counters table of `nv show interface IF counters` (Counter/Receive/Transmit) or `... counters "
            "qos pfc-stats` (switch-priority/rx-pause-frames/...)",
        "give the output of `nv show interface IF counters qos pfc-stats` as NVUE prints it");
  return out;
}

}  // namespace roce::switches
