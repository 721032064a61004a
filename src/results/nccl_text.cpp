// nccl-tests' text output (all_reduce_perf, all_gather_perf, reduce_scatter_perf, alltoall_perf,
// broadcast_perf, reduce_perf, sendrecv_perf): preamble, rank lines, the table, the summary.
#include <algorithm>
#include <cctype>

#include "captures/text/text_input.hpp"
#include "results/numbers.hpp"
#include "results/read_results.hpp"
#include "util/text.hpp"

namespace roce::results {
namespace {

using captures::text::Line;
using captures::text::shown;
using captures::text::TextInput;
using model::BandwidthResult;
using util::split_words;

bool all_digits(std::string_view s) {
  return !s.empty() &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// Strips what launchers put before each line: "[1,0]<stdout>:" (Open MPI --tag-output), " 0: "
// (srun -l), "[155] ".
std::string_view without_launcher_prefix(std::string_view body) {
  if (body.starts_with("[")) {
    const std::size_t close = body.find(']');
    if (close != std::string_view::npos) {
      const std::string_view inside = body.substr(1, close - 1);
      const bool tag = !inside.empty() && std::all_of(inside.begin(), inside.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) || c == ',';
      });
      if (tag) {
        std::string_view rest = body.substr(close + 1);
        if (rest.starts_with("<stdout>:"))
          rest.remove_prefix(9);
        else if (rest.starts_with("<stderr>:"))
          rest.remove_prefix(9);
        return util::trim(rest);
      }
    }
  }
  const std::size_t colon = body.find(": ");
  if (colon != std::string_view::npos && colon > 0 && all_digits(body.substr(0, colon)))
    return util::trim(body.substr(colon + 1));
  return body;
}

// "Rank  0 Group  0 Pid   1320 on host device  0 [0x00] Tesla V100" (older: no Group).
std::optional<model::NcclTestsRank> rank_line(std::string_view comment) {
  const auto w = split_words(comment);
  if (w.size() < 8 || w[0] != "Rank" || !all_digits(w[1])) return std::nullopt;
  std::size_t i = 2;
  if (w[i] == "Group") i += 2;
  if (i + 5 >= w.size() || w[i] != "Pid" || w[i + 2] != "on") return std::nullopt;
  model::NcclTestsRank k;
  k.rank = std::stoi(std::string(w[1].substr(0, 9)));
  k.host = std::string(w[i + 3]);
  if (w[i + 4] != "device" || !all_digits(w[i + 5])) return std::nullopt;
  k.device = std::stoi(std::string(w[i + 5].substr(0, 9)));
  std::size_t n = i + 6;
  if (n < w.size() && w[n].starts_with("[")) {
    std::string_view id = w[n];
    id.remove_prefix(1);
    if (id.ends_with("]")) id.remove_suffix(1);
    k.bus_id = std::string(id);
    ++n;
  }
  for (; n < w.size(); ++n) k.name += (k.name.empty() ? "" : " ") + std::string(w[n]);
  return k;
}

// "Out of bounds values : 0 OK", "Avg bus bandwidth    : 475.782 OK": the value after the colon.
std::optional<std::string_view> summary_value(std::string_view comment, std::string_view key) {
  if (!comment.starts_with(key)) return std::nullopt;
  const std::size_t colon = comment.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto words = split_words(comment.substr(colon + 1));
  if (words.empty()) return std::nullopt;
  return words[0];
}

constexpr std::size_t kSideColumns = 4;  // time, algbw, busbw, #wrong

// A comment line's text without its '#'s ("#  Avg bus bandwidth : 1.2" -> "Avg bus bandwidth : 1.2").
std::string_view comment_text(std::string_view body) {
  while (body.starts_with("#")) body.remove_prefix(1);
  return util::trim(body);
}

// One result row: size count type [redop] [root], then two sides of `side_columns` columns (out of
// place, in place); redop is empty for alltoall.
Expected<model::BandwidthRow> nccl_row(const TextInput& in, const Line& line, std::string_view body,
                                       const std::vector<std::string_view>& w, std::size_t side_columns) {
  const std::size_t sides = 2 * side_columns;
  if (w.size() < 3 + sides)
    return in.error(line, "truncated nccl-tests row (" + std::to_string(w.size()) + " columns): " + shown(body));
  model::BandwidthRow row;
  const auto bytes = captures::text::to_u64(w[0]);  // digits, but perhaps more than 64 bits hold
  if (!bytes) return in.error(line, "nccl-tests row with an unreadable size: " + shown(body));
  row.bytes = *bytes;
  row.count = captures::text::to_u64(w[1]);
  row.type = std::string(w[2]);
  const std::size_t first_side = w.size() - sides;
  if (first_side > 5) return in.error(line, "unknown nccl-tests row layout: " + shown(body));
  if (first_side == 5) {
    row.redop = std::string(w[3]);
    row.root = std::string(w[4]);
  } else if (first_side == 4) {
    (to_number(w[3]) ? row.root : row.redop) = std::string(w[3]);  // alltoall: no redop; old layout: no root
  }
  for (int s = 0; s < 2; ++s) {
    const std::size_t at = first_side + s * side_columns;
    const auto time = to_number(w[at]), alg = to_number(w[at + 1]), bus = to_number(w[at + 2]);
    if (!time || !alg || !bus || *alg < 0 || *bus < 0)
      return in.error(line, "unreadable nccl-tests row: " + shown(body));
    model::NcclSide side{*time, *alg, *bus, std::string(w[at + 3])};
    (s == 0 ? row.out_of_place : row.in_place) = side;
  }
  row.gbps = std::max(row.out_of_place->busbw, row.in_place->busbw) * 8;
  row.line = line.number;
  return row;
}

// The runs of one output, line by line. What precedes a run (its test name, its rank lines) is held
// until the run's first row or summary line opens it.
class NcclTextReader {
 public:
  NcclTextReader(std::string_view text, const captures::text::TextOrigin& origin) : in_(text, origin) {}

  Expected<std::vector<BandwidthResult>> read() {
    for (const Line& line : in_.lines()) {
      const std::string_view body = without_launcher_prefix(line.body());
      const bool comment = body.starts_with("#") || body.starts_with("Out of bounds") || body.starts_with("Avg bus");
      auto read = comment ? read_comment(line, comment_text(body)) : read_row(line, body);
      if (!read) return fail(std::move(read.error()));
    }
    return finish();
  }

 private:
  // The open run, opened on first use.
  BandwidthResult& current(const Line& line) {
    if (closed_) {
      closed_ = false;
      BandwidthResult r;
      r.tool = model::BandwidthTool::nccl_tests;
      r.format = "text";
      r.unit = "GB/s";
      r.test = pending_test_;
      r.ranks = std::move(pending_ranks_);
      pending_ranks_.clear();
      r.from = {"nccl-tests", in_.origin().where(pending_line_.value_or(line.number))};
      out_.push_back(std::move(r));
    }
    return out_.back();
  }
  // The first line of what describes the next run.
  void begin(const Line& line) {
    if (!pending_line_) pending_line_ = line.number;
  }
  bool open_with_rows() const { return !closed_ && !out_.back().rows.empty(); }

  // Comments: test name, version, ranks, the column header, the summary. Others (nThread, Using
  // devices, column units, Errors with asterisks) are skipped.
  Outcome read_comment(const Line& line, std::string_view c) {
    if (c.starts_with("Collective test starting:")) {
      pending_test_ = std::string(util::trim(c.substr(25)));
      pending_ranks_.clear();
      if (open_with_rows()) {
        closed_ = true;  // the next run starts
        pending_line_.reset();
      }
      begin(line);
    } else if (c.starts_with("nccl-tests version")) {
      begin(line);
    } else if (auto k = rank_line(c)) {
      begin(line);
      if (!closed_ && out_.back().rows.empty())
        out_.back().ranks.push_back(*k);
      else
        pending_ranks_.push_back(*k);
    } else if (c.starts_with("size") && c.find("busbw") != std::string_view::npos) {
      return read_column_header(line, c);
    } else if (auto v = summary_value(c, "Out of bounds values")) {
      auto n = captures::text::to_u64(*v);
      if (!n) return in_.error(line, "unreadable out-of-bounds count: " + shown(c));
      current(line).out_of_bounds = n;
    } else if (auto avg = summary_value(c, "Avg bus bandwidth")) {
      auto bw = to_number(*avg);
      if (!bw || *bw < 0) return in_.error(line, "unreadable average bus bandwidth: " + shown(c));
      auto& r = current(line);
      r.avg_busbw = bw;
      r.footer = true;
      closed_ = true;
      pending_line_.reset();
      pending_test_.clear();
    }
    return done();
  }

  // "size count type redop root time algbw busbw #wrong time algbw busbw #wrong" (with -I 1 also
  // i_min i_max i_p99 i_cv% per side); a header after rows starts a new table.
  Outcome read_column_header(const Line& line, std::string_view c) {
    const auto words = split_words(c);
    const auto time_columns =
        std::count_if(words.begin(), words.end(), [](std::string_view w) { return w == "time" || w == "cputime"; });
    side_columns_ = c.find("i_min") != std::string_view::npos ? 2 * kSideColumns : kSideColumns;
    if (time_columns != 2) return in_.error(line, "unknown nccl-tests column layout: " + shown(c));
    if (open_with_rows()) closed_ = true;
    return done();
  }

  Outcome read_row(const Line& line, std::string_view body) {
    const auto w = split_words(body);
    if (w.size() < 2 || !all_digits(w[0]) || !all_digits(w[1])) return done();  // NCCL INFO lines, MPI messages
    auto row = nccl_row(in_, line, body, w, side_columns_);
    if (!row) return fail(std::move(row.error()));
    current(line).rows.push_back(std::move(*row));
    return done();
  }

  Expected<std::vector<BandwidthResult>> finish() {
    if (out_.empty()) {
      if (pending_line_)
        return fail(
            in_.origin().where(*pending_line_) + ": nccl-tests output without result rows: the output is truncated",
            "give the whole output of the run, down to \"# Avg bus bandwidth\"");
      return in_.error("no nccl-tests result rows");
    }
    for (const auto& r : out_)
      if (r.rows.empty())
        return fail(r.from.locator + ": nccl-tests summary without result rows: the output is truncated",
                    "give the whole output of the run");
    return std::move(out_);
  }

  TextInput in_;
  std::vector<BandwidthResult> out_;
  std::size_t side_columns_ = kSideColumns;
  std::vector<model::NcclTestsRank> pending_ranks_;
  std::string pending_test_;
  std::optional<std::size_t> pending_line_;
  bool closed_ = true;  // no run open: the next row or summary starts one
};

}  // namespace

Expected<std::vector<BandwidthResult>> read_nccl_text(std::string_view text, const captures::text::TextOrigin& origin) {
  return NcclTextReader(text, origin).read();
}

}  // namespace roce::results
