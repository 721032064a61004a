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

}  // namespace

Expected<std::vector<BandwidthResult>> read_nccl_text(std::string_view text, const captures::text::TextOrigin& origin) {
  TextInput in(text, origin);
  std::vector<BandwidthResult> out;
  std::size_t side_columns = kSideColumns;  // 8 with -I 1 (i_min i_max i_p99 i_cv% per side)
  std::vector<model::NcclTestsRank> pending_ranks;
  std::string pending_test;
  std::optional<std::size_t> pending_line;
  bool closed = true;  // no run open: the next row or summary starts one
  auto current = [&](const Line& line) -> BandwidthResult& {
    if (closed) {
      closed = false;
      BandwidthResult r;
      r.tool = model::BandwidthTool::nccl_tests;
      r.format = "text";
      r.unit = "GB/s";
      r.test = pending_test;
      r.ranks = std::move(pending_ranks);
      pending_ranks.clear();
      r.from = {"nccl-tests", origin.where(pending_line.value_or(line.number))};
      out.push_back(std::move(r));
    }
    return out.back();
  };
  auto begin = [&](const Line& line) {
    if (!pending_line) pending_line = line.number;
  };
  for (const Line& line : in.lines()) {
    std::string_view body = without_launcher_prefix(line.body());
    if (body.starts_with("#") || body.starts_with("Out of bounds") || body.starts_with("Avg bus")) {
      std::string_view c = body;
      while (c.starts_with("#")) c.remove_prefix(1);
      c = util::trim(c);
      if (c.starts_with("Collective test starting:")) {
        pending_test = std::string(util::trim(c.substr(25)));
        pending_ranks.clear();
        if (!closed && !out.back().rows.empty()) {
          closed = true;  // the next run starts
          pending_line.reset();
        }
        begin(line);
      } else if (c.starts_with("nccl-tests version")) {
        begin(line);
      } else if (auto k = rank_line(c)) {
        begin(line);
        if (!closed && out.back().rows.empty())
          out.back().ranks.push_back(*k);
        else
          pending_ranks.push_back(*k);
      } else if (c.starts_with("size") && c.find("busbw") != std::string_view::npos) {
        const auto words = split_words(c);
        const auto time_columns =
            std::count_if(words.begin(), words.end(), [](std::string_view w) { return w == "time" || w == "cputime"; });
        side_columns = c.find("i_min") != std::string_view::npos ? 2 * kSideColumns : kSideColumns;
        if (time_columns != 2) return in.error(line, "unknown nccl-tests column layout: " + shown(c));
        if (!closed && !out.back().rows.empty()) closed = true;  // a new table
      } else if (auto v = summary_value(c, "Out of bounds values")) {
        auto n = captures::text::to_u64(*v);
        if (!n) return in.error(line, "unreadable out-of-bounds count: " + shown(c));
        current(line).out_of_bounds = n;
      } else if (auto avg = summary_value(c, "Avg bus bandwidth")) {
        auto bw = to_number(*avg);
        if (!bw || *bw < 0) return in.error(line, "unreadable average bus bandwidth: " + shown(c));
        auto& r = current(line);
        r.avg_busbw = bw;
        r.footer = true;
        closed = true;
        pending_line.reset();
        pending_test.clear();
      }
      continue;  // other comments: nThread, Using devices, column units, Errors with asterisks
    }
    const auto w = split_words(body);
    if (w.size() < 2 || !all_digits(w[0]) || !all_digits(w[1])) continue;  // NCCL INFO lines, MPI messages
    // size count type [redop] [root] then two sides; redop is empty for alltoall.
    const std::size_t sides = 2 * side_columns;
    if (w.size() < 3 + sides)
      return in.error(line, "truncated nccl-tests row (" + std::to_string(w.size()) + " columns): " + shown(body));
    model::BandwidthRow row;
    row.bytes = *captures::text::to_u64(w[0]);
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
    current(line).rows.push_back(std::move(row));
  }
  if (out.empty()) {
    if (pending_line)
      return fail(origin.where(*pending_line) + ": nccl-tests output without result rows: the output is truncated",
                  "give the whole output of the run, down to \"# Avg bus bandwidth\"");
    return in.error("no nccl-tests result rows");
  }
  for (const auto& r : out)
    if (r.rows.empty())
      return fail(r.from.locator + ": nccl-tests summary without result rows: the output is truncated",
                  "give the whole output of the run");
  return out;
}

}  // namespace roce::results
