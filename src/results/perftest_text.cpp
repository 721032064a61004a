// perftest's text output (ib_write_bw, ib_read_bw, ib_send_bw): the header block, the result table.
#include <algorithm>

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

bool is_rule(std::string_view body) {
  return !body.empty() && std::all_of(body.begin(), body.end(), [](char c) { return c == '-' || c == '*'; });
}

// "RDMA_Write BW Test", "Send Bidirectional BW Test", "RDMA_Read Post List BW Test".
bool is_title(std::string_view body) {
  return body.ends_with(" Test") && body.find(" BW ") != std::string_view::npos &&
         body.find(':') == std::string_view::npos;
}

// The value after "KEY :" anywhere in a header line ("Dual-port : OFF\t\tDevice : mlx5_0"); its
// first word. Empty when the line has no such key.
std::string_view value_of(std::string_view body, std::string_view key) {
  std::size_t at = 0;
  while ((at = body.find(key, at)) != std::string_view::npos) {
    const bool starts_word = at == 0 || body[at - 1] == ' ' || body[at - 1] == '\t';
    std::size_t i = at + key.size();
    while (i < body.size() && (body[i] == ' ' || body[i] == '\t')) ++i;
    if (starts_word && i < body.size() && body[i] == ':') {
      ++i;
      while (i < body.size() && (body[i] == ' ' || body[i] == '\t')) ++i;
      std::size_t j = i;
      while (j < body.size() && body[j] != ' ' && body[j] != '\t') ++j;
      return body.substr(i, j - i);
    }
    at += key.size();
  }
  return {};
}

std::optional<std::uint32_t> number_of(std::string_view value) {
  if (value.ends_with("[B]")) value.remove_suffix(3);
  return captures::text::to_u32(value);
}

// Reads the header keys roce-doctor uses from one line into `r`.
void header_fields(std::string_view body, BandwidthResult& r) {
  if (auto v = value_of(body, "Device"); !v.empty()) r.device = std::string(v);
  if (auto v = value_of(body, "Transport type"); !v.empty()) r.transport = std::string(v);
  if (auto v = value_of(body, "Connection type"); !v.empty()) r.connection = std::string(v);
  if (auto v = value_of(body, "Link type"); !v.empty()) r.link_type = std::string(v);
  if (auto v = number_of(value_of(body, "Number of qps"))) r.qps = v;
  if (auto v = number_of(value_of(body, "Mtu"))) r.mtu = v;
  if (auto v = number_of(value_of(body, "GID index"))) r.gid_index = v;
  if (auto v = number_of(value_of(body, "TOS"))) r.tos = v;
}

// The unit in "BW peak[Gb/sec]" / "BW average[MiB/sec]".
std::string unit_of(std::string_view header) {
  const std::size_t at = header.find("BW average[");
  if (at == std::string_view::npos) return {};
  const std::size_t open = at + 10, close = header.find(']', open);
  return close == std::string_view::npos ? std::string() : std::string(header.substr(open + 1, close - open - 1));
}

struct Table {
  bool open = false;  // a "#bytes" line was read for the current result
  bool qos = false;   // "#sl" column after #bytes
  bool peak = true;   // a "BW peak" column (perftest always prints one; tools modelled on it may not)
  std::size_t header_line = 0;
  std::size_t failure_line = 0;  // the run's own error after the header ("Couldn't read remote address")
  std::string failure;
};

// perftest's own failure lines: "Couldn't read remote address", "Failed to exchange data between
// server and clients", "Unable to read to socket/rdma_cm", "Completion with error at client".
bool is_failure(std::string_view body) {
  for (std::string_view mark : {"Couldn't", "Failed", "Unable to", "failed", "with error", "Error", "ERROR"})
    if (body.find(mark) != std::string_view::npos) return true;
  return false;
}

}  // namespace

Expected<std::vector<BandwidthResult>> read_perftest_text(std::string_view text,
                                                          const captures::text::TextOrigin& origin) {
  TextInput in(text, origin);
  std::vector<BandwidthResult> out;
  std::vector<Table> tables;
  bool peak_unmeasured = false;
  auto start = [&](const Line& line) {
    BandwidthResult r;
    r.tool = model::BandwidthTool::perftest;
    r.format = "text";
    r.from = {"perftest", origin.where(line.number)};
    out.push_back(std::move(r));
    tables.emplace_back();
  };
  for (const Line& line : in.lines()) {
    const std::string_view body = line.body();
    if (is_rule(body)) continue;
    if (body.find("Latency Test") != std::string_view::npos && body.ends_with("Test"))
      return in.error(line, "a perftest latency test, not a bandwidth test: " + shown(body));
    if (is_title(body)) {
      start(line);
      out.back().test = std::string(body);
      out.back().bidirectional = body.find("Bidirectional") != std::string_view::npos;
      continue;
    }
    if (body.find("BW peak won't be measured") != std::string_view::npos) {
      peak_unmeasured = true;
      continue;
    }
    if (body.starts_with("#bytes")) {
      // A second table after rows: another run (server and client pasted together) with the same header.
      if (out.empty() || tables.back().open) {
        const BandwidthResult previous = out.empty() ? BandwidthResult{} : out.back();
        start(line);
        if (!previous.test.empty()) {
          auto& r = out.back();
          r.test = previous.test;
          r.bidirectional = previous.bidirectional;
          r.device = previous.device;
          r.transport = previous.transport;
          r.connection = previous.connection;
          r.link_type = previous.link_type;
          r.qps = previous.qps;
          r.mtu = previous.mtu;
          r.gid_index = previous.gid_index;
          r.tos = previous.tos;
        }
      }
      auto& r = out.back();
      r.unit = unit_of(body);
      if (!to_gbps(1, r.unit)) return in.error(line, "unknown bandwidth unit in the result header: " + shown(body));
      const auto columns = split_words(body);
      tables.back() = {};
      tables.back().open = true;
      tables.back().qos = columns.size() > 1 && columns[1] == "#sl";
      tables.back().peak = body.find("BW peak[") != std::string_view::npos;
      tables.back().header_line = line.number;
      continue;
    }
    const auto words = split_words(body);
    const bool row = !words.empty() && captures::text::to_u64(words[0]).has_value();
    if (row && !out.empty() && tables.back().open) {
      auto& r = out.back();
      const std::size_t first = tables.back().qos ? 2 : 1;  // #iterations column
      const std::size_t average_at = first + (tables.back().peak ? 2 : 1);
      if (words.size() < average_at + 2)
        return in.error(line, "truncated result row (" + std::to_string(words.size()) + " of " +
                                  std::to_string(average_at + 2) + " columns): " + shown(body));
      model::BandwidthRow w;
      w.bytes = *captures::text::to_u64(words[0]);
      w.iterations = captures::text::to_u64(words[first]);
      const auto peak = tables.back().peak ? to_number(words[first + 1]) : std::optional<double>(0);
      const auto average = to_number(words[average_at]), rate = to_number(words[average_at + 1]);
      if (!w.iterations || !peak || !average || !rate || *average < 0 || *peak < 0)
        return in.error(line, "unreadable result row: " + shown(body));
      if (tables.back().peak && !(peak_unmeasured && *peak == 0)) w.peak = peak;
      w.average = average;
      w.msg_rate_mpps = rate;
      w.gbps = *to_gbps(*average, r.unit);
      w.line = line.number;
      r.rows.push_back(w);
      continue;
    }
    if (!out.empty() && tables.back().open && out.back().rows.empty() && tables.back().failure.empty() &&
        is_failure(body)) {
      tables.back().failure = std::string(body);
      tables.back().failure_line = line.number;
    } else if (!out.empty() && !tables.back().open)
      header_fields(body, out.back());
    else if (out.empty() && !value_of(body, "Device").empty()) {
      start(line);  // a header whose title was cut off
      header_fields(body, out.back());
    }
    // Anything else (addresses, GIDs, "Waiting for client", stray warnings) is not used.
  }
  if (out.empty()) return in.error("no perftest result (no \"BW Test\" title and no \"#bytes\" table)");
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (!tables[i].open)
      return fail(out[i].from.locator + ": perftest header without a result table: the output is truncated",
                  "give the whole output of the run, down to the closing dashed line");
    if (out[i].rows.empty() && !tables[i].failure.empty())
      return fail(origin.where(tables[i].failure_line) +
                      ": the perftest run failed before a result: " + shown(tables[i].failure),
                  "the run printed no bandwidth: fix what it says (server and client reaching each other, the "
                  "device, the GID index) and run it again");
    if (out[i].rows.empty())
      return fail(origin.where(tables[i].header_line) + ": perftest result table without rows: the output is truncated",
                  "give the whole output of the run, down to the closing dashed line");
  }
  return out;
}

}  // namespace roce::results
