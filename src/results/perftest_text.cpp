// perftest's text output (ib_write_bw, ib_read_bw, ib_send_bw): the header block, the result table.
#include <algorithm>
#include <set>
#include <tuple>

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

// Reads the header keys roce-doctor uses from one line into `r`. The first value of a key is kept:
// a second one comes from the other side of the run, interleaved with the first.
void header_fields(std::string_view body, BandwidthResult& r) {
  auto keep = [](std::string& field, std::string_view v) {
    if (field.empty() && !v.empty()) field = std::string(v);
  };
  auto keep_number = [](std::optional<std::uint32_t>& field, std::optional<std::uint32_t> v) {
    if (!field && v) field = v;
  };
  const auto device = value_of(body, "Device");
  if (!r.device.empty() && !device.empty() && device != r.device)
    r.notices.push_back("the two sides name devices " + r.device + " and " + std::string(device) + ": " + r.device +
                        " is judged");
  keep(r.device, device);
  keep(r.transport, value_of(body, "Transport type"));
  keep(r.connection, value_of(body, "Connection type"));
  keep(r.link_type, value_of(body, "Link type"));
  keep_number(r.qps, number_of(value_of(body, "Number of qps")));
  keep_number(r.mtu, number_of(value_of(body, "Mtu")));
  keep_number(r.gid_index, number_of(value_of(body, "GID index")));
  keep_number(r.tos, number_of(value_of(body, "TOS")));
}

// The unit in "BW peak[Gb/sec]" / "BW average[MiB/sec]".
std::string unit_of(std::string_view header) {
  const std::size_t at = header.find("BW average[");
  if (at == std::string_view::npos) return {};
  const std::size_t open = at + 10, close = header.find(']', open);
  return close == std::string_view::npos ? std::string() : std::string(header.substr(open + 1, close - open - 1));
}

// A row's figures as a key: what same_figures compares.
using RowKey = std::tuple<std::uint64_t, std::uint64_t, double, double, double>;
RowKey key_of(const model::BandwidthRow& w) {
  return {w.bytes, w.iterations.value_or(0), w.peak.value_or(-1), w.average.value_or(-1), w.msg_rate_mpps.value_or(-1)};
}

struct Table {
  bool open = false;  // a "#bytes" line was read for the current result
  int titles = 0;     // "... BW Test" lines of the result: 2 when server and client output are interleaved
  int headers = 0;    // "#bytes" lines of the result: one per title
  std::size_t first_line = 0, second_title_line = 0;  // the result's first line; the second title's
  std::set<RowKey> seen;                              // interleaved: the rows read, to drop the other side's copies
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

// The header a result shares with the run before it (server and client output pasted together).
void copy_header(const BandwidthResult& from, BandwidthResult& to) {
  to.test = from.test;
  to.bidirectional = from.bidirectional;
  to.device = from.device;
  to.transport = from.transport;
  to.connection = from.connection;
  to.link_type = from.link_type;
  to.qps = from.qps;
  to.mtu = from.mtu;
  to.gid_index = from.gid_index;
  to.tos = from.tos;
}

// One row of a result table: "#bytes [#sl] #iterations [BW peak] BW average MsgRate".
Expected<model::BandwidthRow> perftest_row(const TextInput& in, const Line& line,
                                           const std::vector<std::string_view>& words, const Table& table,
                                           bool peak_unmeasured, const std::string& unit) {
  const std::string_view body = line.body();
  const std::size_t first = table.qos ? 2 : 1;  // #iterations column
  const std::size_t average_at = first + (table.peak ? 2 : 1);
  if (words.size() < average_at + 2)
    return in.error(line, "truncated result row (" + std::to_string(words.size()) + " of " +
                              std::to_string(average_at + 2) + " columns): " + shown(body));
  model::BandwidthRow w;
  const auto bytes = captures::text::to_u64(words[0]);  // digits, but perhaps more than 64 bits hold
  if (!bytes) return in.error(line, "result row with an unreadable size: " + shown(body));
  w.bytes = *bytes;
  w.iterations = captures::text::to_u64(words[first]);
  const auto peak = table.peak ? to_number(words[first + 1]) : std::optional<double>(0);
  const auto average = to_number(words[average_at]), rate = to_number(words[average_at + 1]);
  if (!w.iterations || !peak || !average || !rate || *average < 0 || *peak < 0)
    return in.error(line, "unreadable result row: " + shown(body));
  if (table.peak && !(peak_unmeasured && *peak == 0)) w.peak = peak;
  w.average = average;
  w.msg_rate_mpps = rate;
  w.gbps = *to_gbps(*average, unit);
  if (w.peak) w.peak_gbps = to_gbps(*w.peak, unit);
  w.line = line.number;
  return w;
}

// The same message size with the same figures (the line it was printed on aside).
bool same_figures(const model::BandwidthRow& a, const model::BandwidthRow& b) {
  return a.bytes == b.bytes && a.iterations == b.iterations && a.peak == b.peak && a.average == b.average &&
         a.msg_rate_mpps == b.msg_rate_mpps;
}

bool has_repeated_size(const BandwidthResult& r) {
  std::vector<std::uint64_t> sizes;
  for (const auto& w : r.rows) sizes.push_back(w.bytes);
  std::sort(sizes.begin(), sizes.end());
  return std::adjacent_find(sizes.begin(), sizes.end()) != sizes.end();
}

// The results of one output, line by line: a title or a header opens a result, "#bytes" its table,
// and the rows below fill it.
class PerftestTextReader {
 public:
  PerftestTextReader(std::string_view text, const captures::text::TextOrigin& origin) : in_(text, origin) {}

  Expected<std::vector<BandwidthResult>> read() {
    for (const Line& line : in_.lines()) {
      auto read = read_line(line);
      if (!read) return fail(std::move(read.error()));
    }
    return finish();
  }

 private:
  void start(const Line& line) {
    BandwidthResult r;
    r.tool = model::BandwidthTool::perftest;
    r.format = "text";
    r.from = {"perftest", in_.origin().where(line.number)};
    out_.push_back(std::move(r));
    tables_.emplace_back();
    tables_.back().first_line = line.number;
  }
  bool table_open() const { return !out_.empty() && tables_.back().open; }

  Outcome read_line(const Line& line) {
    const std::string_view body = line.body();
    if (is_rule(body)) return done();
    if (body.find("Latency Test") != std::string_view::npos && body.ends_with("Test"))
      return in_.error(line, "a perftest latency test, not a bandwidth test: " + shown(body));
    if (is_title(body)) {
      if (!out_.empty() && tables_.back().titles == 1 && tables_.back().headers == 0) {
        tables_.back().titles = 2;  // the other side's header, interleaved with the first
        tables_.back().second_title_line = line.number;
        return done();
      }
      start(line);
      tables_.back().titles = 1;
      out_.back().test = std::string(body);
      out_.back().bidirectional = body.find("Bidirectional") != std::string_view::npos;
      return done();
    }
    if (body.find("BW peak won't be measured") != std::string_view::npos) {
      peak_unmeasured_ = true;
      return done();
    }
    if (body.starts_with("#bytes")) return read_table_header(line, body);
    const auto words = split_words(body);
    const bool row = !words.empty() && captures::text::to_u64(words[0]).has_value();
    if (row && table_open()) {
      auto w = perftest_row(in_, line, words, tables_.back(), peak_unmeasured_, out_.back().unit);
      if (!w) return fail(std::move(w.error()));
      if (tables_.back().titles == 2 && !tables_.back().seen.insert(key_of(*w)).second)
        return done();  // the other side's copy
      out_.back().rows.push_back(*w);
      return done();
    }
    read_other(line, body);
    return done();
  }

  // "#bytes #iterations BW peak[Gb/sec] BW average[Gb/sec] MsgRate[Mpps]". A second table after
  // rows: another run (server and client pasted together) with the same header; a second table of
  // a result with two titles: the other side's, interleaved.
  Outcome read_table_header(const Line& line, std::string_view body) {
    if (!out_.empty() && tables_.back().open && tables_.back().headers < tables_.back().titles) {
      ++tables_.back().headers;
      if (unit_of(body) != out_.back().unit)
        return in_.error(line, "the interleaved server and client tables differ in unit: " + shown(body));
      return done();
    }
    if (out_.empty() || tables_.back().open) {
      const BandwidthResult previous = out_.empty() ? BandwidthResult{} : out_.back();
      start(line);
      if (!previous.test.empty()) copy_header(previous, out_.back());
    }
    auto& r = out_.back();
    r.unit = unit_of(body);
    if (!to_gbps(1, r.unit)) return in_.error(line, "unknown bandwidth unit in the result header: " + shown(body));
    const auto columns = split_words(body);
    Table& table = tables_.back();
    const Table kept = table;
    table = {};
    table.open = true;
    table.titles = kept.titles;
    table.headers = 1;
    table.first_line = kept.first_line;
    table.second_title_line = kept.second_title_line;
    table.qos = columns.size() > 1 && columns[1] == "#sl";
    table.peak = body.find("BW peak[") != std::string_view::npos;
    table.header_line = line.number;
    return done();
  }

  // A failure line under a table without rows, a header line of the open result, or a header
  // whose title was cut off. Anything else (addresses, GIDs, "Waiting for client", stray
  // warnings) is not used.
  void read_other(const Line& line, std::string_view body) {
    if (table_open() && out_.back().rows.empty() && tables_.back().failure.empty() && is_failure(body)) {
      tables_.back().failure = std::string(body);
      tables_.back().failure_line = line.number;
    } else if (!out_.empty() && !tables_.back().open) {
      header_fields(body, out_.back());
    } else if (out_.empty() && !value_of(body, "Device").empty()) {
      start(line);
      header_fields(body, out_.back());
    }
  }

  Expected<std::vector<BandwidthResult>> finish() {
    if (out_.empty()) return in_.error("no perftest result (no \"BW Test\" title and no \"#bytes\" table)");
    for (std::size_t i = 0; i < out_.size(); ++i) {
      if (!tables_[i].open || tables_[i].headers < tables_[i].titles)
        return fail(out_[i].from.locator + ": perftest header without a result table: the output is truncated",
                    "give the whole output of the run, down to the closing dashed line");
      if (out_[i].rows.empty() && !tables_[i].failure.empty())
        return fail(in_.origin().where(tables_[i].failure_line) +
                        ": the perftest run failed before a result: " + shown(tables_[i].failure),
                    "the run printed no bandwidth: fix what it says (server and client reaching each other, the "
                    "device, the GID index) and run it again");
      if (out_[i].rows.empty())
        return fail(in_.origin().where(tables_[i].header_line) +
                        ": perftest result table without rows: the output is truncated",
                    "give the whole output of the run, down to the closing dashed line");
      if (tables_[i].titles == 2 && has_repeated_size(out_[i]))
        out_[i].notices.push_back(
            "the interleaved sides print some message sizes with different figures (ib_send_bw's sender and "
            "receiver count apart): both rows kept, the higher one judged");
      if (tables_[i].titles == 2)
        out_[i].notices.push_back(
            "server and client output interleaved (titles at lines " + std::to_string(tables_[i].first_line) + " and " +
            std::to_string(tables_[i].second_title_line) + "): read as one run, each message size once");
    }
    return merged(std::move(out_));
  }

  // Server and client of one run printed one after the other: the same header and the same
  // figures twice. Read once.
  std::vector<BandwidthResult> merged(std::vector<BandwidthResult> results) const {
    std::vector<BandwidthResult> out;
    std::size_t kept = 0;  // index in results of out.back()
    for (std::size_t i = 0; i < results.size(); ++i) {
      if (!out.empty() && same_run(out.back(), results[i])) {
        out.back().notices.push_back("the output of both sides of one run (lines " +
                                     std::to_string(tables_[kept].first_line) + " and " +
                                     std::to_string(tables_[i].first_line) + "), with the same figures: read once");
        continue;
      }
      out.push_back(std::move(results[i]));
      kept = i;
    }
    return out;
  }

  static bool same_run(const BandwidthResult& a, const BandwidthResult& b) {
    if (a.test != b.test || a.device != b.device || a.unit != b.unit || a.bidirectional != b.bidirectional ||
        a.rows.size() != b.rows.size())
      return false;
    for (std::size_t i = 0; i < a.rows.size(); ++i)
      if (!same_figures(a.rows[i], b.rows[i])) return false;
    return true;
  }

  TextInput in_;
  std::vector<BandwidthResult> out_;
  std::vector<Table> tables_;  // one per result
  bool peak_unmeasured_ = false;
};

}  // namespace

Expected<std::vector<BandwidthResult>> read_perftest_text(std::string_view text,
                                                          const captures::text::TextOrigin& origin) {
  return PerftestTextReader(text, origin).read();
}

}  // namespace roce::results
