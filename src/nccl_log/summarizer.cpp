// Folds NCCL log lines into the per-process summary: finds the level marker and the process, then
// hands the message to the readers of each kind of line (events, process, device, channel lines).
#include "nccl_log/summarizer.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

#include "nccl_log/channel_lines.hpp"
#include "nccl_log/device_lines.hpp"
#include "nccl_log/event_lines.hpp"
#include "nccl_log/failure_lines.hpp"
#include "nccl_log/known_lines.hpp"
#include "nccl_log/line_prefix.hpp"
#include "nccl_log/line_words.hpp"
#include "nccl_log/process_lines.hpp"
#include "util/text.hpp"

namespace roce::nccl_log {
namespace {

using std::string_view;
using util::trim;

}  // namespace

void Summarizer::begin_source(std::string name) {
  source_ = std::move(name);
  line_in_source_ = 0;
  log_.sources.push_back(source_);
}

model::NcclRank& Summarizer::rank_of(string_view host_pid, string_view host, string_view pid) {
  if (has_last_ && host_pid == last_key_) return log_.ranks[last_index_];
  auto it = index_.find(host_pid);
  if (it == index_.end()) {
    model::NcclRank r;
    r.host = std::string(host);
    r.pid = static_cast<std::uint64_t>(to_number(pid).value_or(0));
    log_.ranks.push_back(std::move(r));
    device_lines_.emplace_back();
    it = index_.emplace(std::string(host_pid), log_.ranks.size() - 1).first;
  }
  last_key_.assign(host_pid);
  has_last_ = true;
  last_index_ = it->second;
  return log_.ranks[last_index_];
}

void Summarizer::add_line(string_view line) {
  ++log_.lines;
  ++line_in_source_;
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const LevelMarker marker = find_level_marker(line);
  if (marker.at == string_view::npos) {
    if (read_bare_version(line, marker.mentions_nccl, log_)) {
      ++log_.nccl_lines;
      return;
    }
    ++log_.other_lines;
    if (!marker.names_nccl) return;
    if (auto f = read_failure_line(line)) count_job_event(log_, *f, {f->message, source_, line_in_source_, {}});
    return;
  }
  ++log_.nccl_lines;
  const Prefix prefix = parse_prefix(line.substr(0, marker.at));
  const string_view msg = trim(line.substr(marker.at + 5 + marker.level.size()));
  const bool warn = marker.level == "WARN " || marker.level == "ABORT ";
  model::NcclRank& r = prefix.has_process ? rank_of(prefix.host_pid, prefix.host, prefix.pid) : rank_of("", "", "0");
  ++r.lines;
  if (prefix.device && !r.cuda_device) r.cuda_device = prefix.device;

  if (auto c = classify(msg, warn, prefix.where, marker.level == "ABORT ")) {
    count_event(r, *c, {msg, source_, line_in_source_, prefix.time}, log_.events_dropped);
    return;
  }
  if (warn || read_info_line(msg, r)) return;
  ++log_.unknown_lines;
  if (log_.unknown_examples.size() < kMaxUnknownExamples)
    log_.unknown_examples.push_back(source_ + ":" + std::to_string(line_in_source_) + ": " +
                                    std::string(line.substr(0, 300)));
}

bool Summarizer::read_info_line(string_view msg, model::NcclRank& r) {
  if (read_version_line(msg, r) || read_network_line(msg, r) || read_channel_line(msg, r.channels)) return true;
  // A process repeats its device line for every communicator: the same text reads the same.
  if (msg.starts_with("NET/") && msg == device_lines_[last_index_]) return true;
  if (read_device_line(msg, r)) {
    device_lines_[last_index_].assign(msg);
    return true;
  }
  if (msg.starts_with("NET/") &&
      (read_ib_device_line(msg, r) || read_virtual_device_line(msg, r) || read_qp_connect_line(msg, r)))
    return true;
  return read_bootstrap_line(msg, r) || read_env_line(msg, r, env_name_) || read_comm_line(msg, r) || known_info(msg);
}

model::NcclLog Summarizer::finish() {
  model::NcclLog out = log_;
  std::stable_sort(out.ranks.begin(), out.ranks.end(), [](const model::NcclRank& a, const model::NcclRank& b) {
    return std::tie(a.host, a.pid) < std::tie(b.host, b.pid);
  });
  return out;
}

model::NcclLog summarize_text(string_view text, std::string source) {
  Summarizer s;
  s.begin_source(std::move(source));
  while (!text.empty()) {
    const auto nl = text.find('\n');
    s.add_line(text.substr(0, nl));
    if (nl == string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return s.finish();
}

}  // namespace roce::nccl_log
