// Warnings and errors of an NCCL log, classified and counted per process.
#include "nccl_log/event_lines.hpp"

#include <algorithm>
#include <cstring>
#include <string>
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

// The errno of a failed ibv_* call: "errno 22" (NCCL 2.19+), else the strerror text NCCL printed.
std::optional<int> call_errno(string_view msg) {
  if (const auto at = find_anchored(msg, "errno ", 4); at != string_view::npos) return leading_int(msg.substr(at + 6));
  static constexpr std::pair<string_view, int> kErrors[] = {
      {"Operation not permitted", 1},  {"No such file or directory", 2}, {"Resource temporarily unavailable", 11},
      {"Cannot allocate memory", 12},  {"Permission denied", 13},        {"Bad address", 14},
      {"No such device", 19},          {"Invalid argument", 22},         {"No data available", 61},
      {"Network is unreachable", 101}, {"Connection timed out", 110},    {"No route to host", 113}};
  for (const auto& [text, code] : kErrors)
    if (msg.find(text) != string_view::npos) return code;
  return std::nullopt;
}

// The kind of a failed verbs call ("Call to ibv_modify_qp failed with error Invalid argument").
string_view verbs_call_kind(string_view msg) {
  const auto at = find_anchored(msg, "ibv_", 3);
  if (at == string_view::npos) return {};
  const string_view call = msg.substr(at);
  if (call.starts_with("ibv_modify_qp")) return "qp_transition";
  if (call.starts_with("ibv_create_qp")) return "qp_create";
  if (call.starts_with("ibv_reg_")) return "mr_register";
  return "verbs_call";
}

// A failure of the bootstrap's or the socket transport's connections: NCCL's socket code
// ("misc/socket.cc:397", "include/socket.h:403") or its messages ("Net : ...", "socketProgress: ...").
bool socket_failure(string_view msg, string_view where) {
  // RCCL prints the whole path: ".../hipify/src/misc/socket.cc:397".
  for (string_view file : {"/socket.cc:", "/socket.h:", "bootstrap.cc:", "/net_socket.cc:"})
    if (("/" + std::string(where)).find(file) != std::string::npos) return true;
  return msg.starts_with("Net : ") || msg.starts_with("socket") || msg.starts_with("Socket ") ||
         msg.starts_with("ncclSocket") || msg.starts_with("Connect to ") || msg.starts_with("Bootstrap");
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

std::optional<Classified> classify(string_view msg, bool warn, string_view where, bool abort) {
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
  if (abort || msg.starts_with("Abort")) return Classified{"aborted", {}, {}, {}, where};
  if (const string_view verbs = verbs_call_kind(msg); !verbs.empty())
    return Classified{verbs, call_errno(msg), {}, {}, where};
  if (msg.find("libibverbs") != string_view::npos) return Classified{"verbs_missing", {}, {}, {}, where};
  if (msg.find("Plugin") != string_view::npos ||
      (msg.starts_with("Error: network ") && msg.find("not found") != string_view::npos))
    return Classified{"plugin_error", {}, {}, {}, where};
  if (socket_failure(msg, where)) return Classified{"socket_error", {}, {}, {}, where};
  if (contains_nocase(msg, "timeout") || contains_nocase(msg, "timed out"))
    return Classified{"timeout", {}, {}, {}, where};
  return Classified{"warning", {}, {}, {}, where};
}

namespace {

// The event of `events` that `c` counts on, found or added; null when a new one would exceed the limit.
model::NcclEvent* event_for(std::vector<model::NcclEvent>& events, const Classified& c, const EventLine& seen) {
  auto same = [&](const model::NcclEvent& e) {
    return e.kind == c.kind && e.status == c.status && e.hca == c.hca && e.where == c.where;
  };
  auto it = std::find_if(events.begin(), events.end(), same);
  if (it != events.end()) return &*it;
  if (events.size() >= kMaxEventsPerRank) return nullptr;
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
  events.push_back(std::move(e));
  return &events.back();
}

void count_seen(model::NcclEvent& e, const EventLine& seen) {
  ++e.count;
  if (e.last_source != seen.source) e.last_source = seen.source;
  e.last_line = seen.line;
  if (e.last_time != seen.time) e.last_time.assign(seen.time);
}

}  // namespace

void count_event(model::NcclRank& r, const Classified& c, const EventLine& seen, std::uint64_t& dropped) {
  model::NcclEvent* e = event_for(r.events, c, seen);
  if (!e) {
    ++dropped;
    return;
  }
  count_seen(*e, seen);
}

void count_job_event(model::NcclLog& log, const FailureLine& f, const EventLine& seen) {
  model::NcclEvent* e = event_for(log.job_events, Classified{f.kind, f.result, {}, {}, f.where}, seen);
  if (!e) {
    ++log.events_dropped;
    return;
  }
  count_seen(*e, seen);
  if (f.rank && e->ranks.size() < kMaxJobEventNames &&
      std::find(e->ranks.begin(), e->ranks.end(), *f.rank) == e->ranks.end())
    e->ranks.insert(std::upper_bound(e->ranks.begin(), e->ranks.end(), *f.rank), *f.rank);
  if (!f.host.empty() && e->hosts.size() < kMaxJobEventNames &&
      std::find(e->hosts.begin(), e->hosts.end(), f.host) == e->hosts.end())
    e->hosts.emplace_back(f.host);
}

}  // namespace roce::nccl_log
