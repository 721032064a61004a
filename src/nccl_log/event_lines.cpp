// Warnings and errors of an NCCL log, classified and counted per process.
#include "nccl_log/event_lines.hpp"

#include <algorithm>
#include <cstring>
#include <utility>

#include "nccl_log/line_words.hpp"
#include "nccl_log/summarizer.hpp"

namespace roce::nccl_log {
namespace {

using std::string_view;

// "transport/net.cc:1302 -> 6", "proxy.cc:878 -> 6 [Progress Thread]": a failing call's trace.
std::optional<std::pair<string_view, int>> error_return(string_view msg) {
  // The location is one token, so the arrow is the first space.
  const auto arrow = msg.find(' ');
  if (arrow == string_view::npos || !msg.substr(arrow).starts_with(" -> ")) return std::nullopt;
  const string_view where = msg.substr(0, arrow);
  const auto colon = where.rfind(':');
  if (colon == string_view::npos || !all_digits(where.substr(colon + 1))) return std::nullopt;
  auto code = leading_int(msg.substr(arrow + 4));
  if (!code) return std::nullopt;
  return std::pair{where, *code};
}

std::optional<int> completion_status(string_view msg) {
  if (auto at = find_anchored(msg, "status=", 6); at != string_view::npos) {
    string_view rest = msg.substr(at + 7);
    if (auto v = leading_int(rest)) return v;
    // "status=IBV_WC_RETRY_EXC_ERR(12)"
    const auto open = rest.find('(');
    if (open != string_view::npos && open < rest.find(' ')) return leading_int(rest.substr(open + 1));
    return std::nullopt;
  }
  if (auto at = find_anchored(msg, "with error ", 0); at != string_view::npos) return leading_int(msg.substr(at + 11));
  return std::nullopt;
}

bool contains_nocase(string_view s, string_view what) {
  return std::search(s.begin(), s.end(), what.begin(), what.end(),
                     [](char a, char b) { return (a >= 'A' && a <= 'Z' ? a + 32 : a) == b; }) != s.end();
}

// Whether `msg` holds "Got completion" (first) or "GID table changed": one memchr pass over the 'G's.
enum class GMark { none, completion, gid_table };
GMark g_mark(string_view msg) {
  GMark found = GMark::none;
  for (std::size_t from = 0; from < msg.size();) {
    const void* hit = std::memchr(msg.data() + from, 'G', msg.size() - from);
    if (!hit) break;
    const string_view at = msg.substr(static_cast<std::size_t>(static_cast<const char*>(hit) - msg.data()));
    if (at.starts_with("Got completion")) return GMark::completion;
    if (at.starts_with("GID table changed")) found = GMark::gid_table;
    from = msg.size() - at.size() + 1;
  }
  return found;
}

}  // namespace

std::optional<Classified> classify(string_view msg, bool warn, string_view where) {
  const GMark mark = g_mark(msg);
  if (mark == GMark::completion)
    return Classified{"completion_error", completion_status(msg), word_after(msg, " hca ", 2),
                      word_after(msg, "localGid ", 5), where};
  if (mark == GMark::gid_table) return Classified{"gid_table_changed", {}, {}, {}, where};
  if (msg.starts_with("NET/") && msg.find("No device found") != string_view::npos)
    return Classified{"no_rdma_device", {}, {}, {}, where};
  if (!warn) {
    if (auto e = error_return(msg)) return Classified{"error_return", e->second, {}, {}, e->first};
    return std::nullopt;
  }
  if (msg.find("ibv_modify_qp") != string_view::npos) return Classified{"qp_transition", {}, {}, {}, where};
  if (msg.find("libibverbs") != string_view::npos) return Classified{"verbs_missing", {}, {}, {}, where};
  if (contains_nocase(msg, "timeout") || contains_nocase(msg, "timed out"))
    return Classified{"timeout", {}, {}, {}, where};
  return Classified{"warning", {}, {}, {}, where};
}

void count_event(model::NcclRank& r, const Classified& c, const EventLine& seen, std::uint64_t& dropped) {
  auto same = [&](const model::NcclEvent& e) {
    return e.kind == c.kind && e.status == c.status && e.hca == c.hca && e.where == c.where;
  };
  auto it = std::find_if(r.events.begin(), r.events.end(), same);
  if (it == r.events.end()) {
    if (r.events.size() >= kMaxEventsPerRank) {
      ++dropped;
      return;
    }
    model::NcclEvent e;
    e.kind = std::string(c.kind);
    e.status = c.status;
    e.hca = std::string(c.hca);
    e.local_gid = std::string(c.local_gid);
    e.where = std::string(c.where);
    e.message = std::string(seen.message.substr(0, 400));
    e.first_source = seen.source;
    e.first_line = seen.line;
    e.first_time = std::string(seen.time);
    r.events.push_back(std::move(e));
    it = r.events.end() - 1;
  }
  ++it->count;
  if (it->last_source != seen.source) it->last_source = seen.source;
  it->last_line = seen.line;
  if (it->last_time != seen.time) it->last_time.assign(seen.time);
}

}  // namespace roce::nccl_log
