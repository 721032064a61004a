#include "captures/text/mlnx_qos.hpp"

#include <cmath>
#include <optional>

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

using model::Availability;
using model::Field;
using model::kDcbxHost;
using model::kDcbxLldManaged;
using model::kPriorities;

// "<word> v0 v1 ... v7" with every v in [0, max] -> the 8 values.
std::optional<model::PerPrio<std::uint8_t>> prio_row(std::string_view body, std::string_view word, unsigned max) {
  const auto words = split_words(body);
  if (words.size() != kPriorities + 1 || words[0] != word) return std::nullopt;
  model::PerPrio<std::uint8_t> row{};
  for (int i = 0; i < kPriorities; ++i) {
    const auto v = to_u32(words[i + 1]);
    if (!v || *v > max) return std::nullopt;
    row[i] = static_cast<std::uint8_t>(*v);
  }
  return row;
}

struct TcLine {
  std::uint32_t tc = 0;
  std::uint64_t maxrate_bps = 0;
  model::Tsa tsa = model::Tsa::vendor;
  std::uint8_t bw = 0;
};

// "tc: 0 ratelimit: unlimited, tsa: ets, bw: 10%" | "tc: 3 ratelimit: 12.5 Gbps, tsa: strict".
std::optional<TcLine> tc_line(std::string_view body) {
  const auto parts = split_on(body, ',');
  if (parts.size() < 2) return std::nullopt;
  const auto head = split_words(parts[0]);
  TcLine t;
  const auto tc = head.size() >= 4 ? to_u32(head[1]) : std::nullopt;
  if (!tc || *tc >= kPriorities || head[0] != "tc:" || head[2] != "ratelimit:") return std::nullopt;
  t.tc = *tc;
  if (head.size() == 4 && head[3] == "unlimited") {
    t.maxrate_bps = 0;
  } else if (head.size() == 5 && head[4] == "Gbps") {
    const auto gbps = to_double(head[3]);
    if (!gbps) return std::nullopt;
    t.maxrate_bps = static_cast<std::uint64_t>(std::llround(*gbps * 1e9));
  } else {
    return std::nullopt;
  }
  const auto tsa = split_key(parts[1]);
  if (!tsa || tsa->first != "tsa") return std::nullopt;
  if (tsa->second == "ets") {
    const auto bw = parts.size() == 3 ? split_key(parts[2]) : std::nullopt;
    if (!bw || bw->first != "bw" || !bw->second.ends_with('%')) return std::nullopt;
    const auto pct = to_u32(bw->second.substr(0, bw->second.size() - 1));
    if (!pct || *pct > 100) return std::nullopt;
    t.tsa = model::Tsa::ets;
    t.bw = static_cast<std::uint8_t>(*pct);
  } else if (parts.size() == 2 && tsa->second == "strict") {
    t.tsa = model::Tsa::strict;
  } else if (parts.size() == 2 && tsa->second == "vendor") {
    t.tsa = model::Tsa::vendor;
  } else {
    return std::nullopt;
  }
  return t;
}

constexpr std::string_view kLldpadWarning = "****** WARNING: lldpad service is running";
constexpr std::string_view kNoBuffers = "Buffers commands are not supported on your system";
constexpr std::string_view kNoTrust = "Priority trust state is not supported on your system";

bool starts_section(std::string_view body) {
  return body.starts_with("DCBX mode:") || body.starts_with("Priority trust state:") ||
         body.starts_with("PFC configuration:") || body.starts_with("Cable len:") || body.starts_with("tc:") ||
         body.starts_with(kLldpadWarning) || body == kNoBuffers || body == kNoTrust;
}

class MlnxQosParser {
 public:
  MlnxQosParser(std::string_view text, const TextOrigin& origin) : in_(text, origin) {}

  Expected<Parsed<MlnxQos>> run() {
    if (in_.lines().empty()) return in_.error("empty: no mlnx_qos output");
    const Line& first = in_.lines().front();
    if (!starts_section(first.body()))
      return in_.error(
          first, "not mlnx_qos -i output: expected 'DCBX mode:' or 'Priority trust state:', got " + shown(first.text));
    for (const Line& line : in_.lines()) take(line);
    finish();
    return in_.result(std::move(out_));
  }

 private:
  void take(const Line& line) {
    std::string_view body = line.body();
    const auto from = in_.at(line);
    if (!line.indented()) in_default_prio_ = false;
    if (consume(body, "DCBX mode:")) {
      body = trim(body);
      out_.dcbx_mode = Field<std::string>::of(std::string(body), from);
      if (body == "OS controlled")
        out_.dcb.dcbx = Field<std::uint8_t>::of(kDcbxHost, from);
      else if (body == "Firmware controlled")
        out_.dcb.dcbx = Field<std::uint8_t>::of(kDcbxLldManaged, from);
      else
        out_.dcb.dcbx = in_.garbled<std::uint8_t>(line, "DCBX mode", body);
    } else if (consume(body, "Priority trust state:")) {
      body = trim(body);
      if (body == "dscp" || body == "pcp")
        out_.trust = Field<std::string>::of(std::string(body), from);
      else if (body == "none")  // what mlnx_qos prints after "Priority trust state is not supported"
        out_.trust = Field<std::string>::missing(Availability::unsupported, in_.located(line, line.body()), from);
      else
        out_.trust = in_.garbled<std::string>(line, "trust state", body);
    } else if (body == kNoTrust) {
      out_.trust = Field<std::string>::missing(Availability::unsupported, in_.located(line, body), from);
    } else if (body == kNoBuffers) {
      no_buffers_ = in_.located(line, body);
    } else if (body.starts_with(kLldpadWarning)) {
    } else if (body == "default priority:") {
      in_default_prio_ = true;
    } else if (in_default_prio_ && line.indented() && default_priority(line, body)) {
    } else if (body == "dscp2prio mapping:") {
      out_.dcb.app = Field<std::vector<model::AppEntry>>::of({}, from);
    } else if (body.starts_with("prio:")) {
      dscp_line(line, body);
    } else if (consume(body, "Receive buffer size (bytes):")) {
      buffer_sizes(line, trim(body));
    } else if (consume(body, "Cable len:")) {
      const auto metres = to_u32(trim(body));
      if (metres && *metres <= 0xffff)
        cable_ = {static_cast<std::uint16_t>(*metres), line};
      else
        in_.warn(line, "unreadable cable length " + shown(body));
    } else if (body == "PFC configuration:") {
    } else if (body.starts_with("priority ") || body.starts_with("priority\t")) {
      if (!prio_row(body, "priority", kPriorities - 1)) in_.warn(line, "unreadable PFC header row " + shown(body));
    } else if (body.starts_with("enabled")) {
      enabled_ = prio_row(body, "enabled", 1);
      enabled_line_ = line;
      if (!enabled_) pfc_error_ = in_.warn(line, "unreadable PFC 'enabled' row " + shown(body));
    } else if (body.starts_with("buffer")) {
      prio2buffer_ = prio_row(body, "buffer", 7);
      if (!prio2buffer_) buffer_error_ = in_.warn(line, "unreadable PFC 'buffer' row " + shown(body));
    } else if (body.starts_with("tc:")) {
      tc_block(line, body);
    } else if (consume(body, "priority:")) {
      tc_priority(line, trim(body));
    } else {
      in_.warn(line, "not a line of mlnx_qos -i, skipped: " + shown(line.text));
    }
  }

  // The default priority (an APP entry {ethertype, prio, protocol 0}, as `mlnx_qos --defltprio` sets it),
  // printed under "default priority:" as "<TAB>prio:N" or "<TAB>N" depending on the mlnx-tools version.
  bool default_priority(const Line& line, std::string_view body) {
    consume(body, "prio:");
    const auto prio = to_u32(body);
    if (!prio || *prio >= kPriorities) return false;
    if (!out_.dcb.app.ok()) out_.dcb.app = Field<std::vector<model::AppEntry>>::of({}, in_.at(line));
    out_.dcb.app->push_back({model::kAppSelEthertype, static_cast<std::uint8_t>(*prio), 0});
    return true;
  }

  // "prio:3 dscp:31,30,29,28,27,26,25,24,"
  void dscp_line(const Line& line, std::string_view body) {
    const auto words = split_words(body);
    std::string_view p = words.size() == 2 ? words[0] : std::string_view{};
    std::string_view d = words.size() == 2 ? words[1] : std::string_view{};
    const bool shaped = consume(p, "prio:") && consume(d, "dscp:");
    const auto prio = shaped ? to_u32(p) : std::nullopt;
    if (!out_.dcb.app.ok() || !prio || *prio >= kPriorities || !d.ends_with(',')) {
      app_error_ = in_.warn(line, "unreadable dscp2prio line, skipped: " + shown(line.text));
      return;
    }
    std::vector<model::AppEntry> entries;
    for (auto dscp : split_on(d.substr(0, d.size() - 1), ',')) {
      const auto v = to_u32(dscp);
      if (!v || *v > 63) {
        app_error_ = in_.warn(line, "unreadable DSCP value " + shown(dscp) + ", line skipped");
        return;
      }
      entries.push_back({model::kAppSelDscp, static_cast<std::uint8_t>(*prio), static_cast<std::uint16_t>(*v)});
    }
    out_.dcb.app->insert(out_.dcb.app->end(), entries.begin(), entries.end());
  }

  // "20352,156900,0,0,0,0,0,0,total_size=1027968" (netlink; "max_buffer_size=" in some versions) or
  // "20352,156900,0,0,0,0,0,0," (sysfs qos/buffer_size: no total).
  void buffer_sizes(const Line& line, std::string_view body) {
    const auto parts = split_on(body, ',');
    model::Buffer b;
    bool ok = parts.size() == 9;
    for (std::size_t i = 0; ok && i < 8; ++i) {
      const auto v = to_u32(parts[i]);
      ok = v.has_value();
      if (ok) b.buffer_size[i] = *v;
    }
    std::string_view total = ok ? parts[8] : std::string_view{};
    if (ok && !total.empty()) {
      const bool named = consume(total, "total_size=") || consume(total, "max_buffer_size=");
      const auto total_size = named ? to_u32(total) : std::nullopt;
      ok = total_size.has_value();
      if (ok) b.total_size = *total_size;
    } else if (ok) {
      in_.warn(line, "no total buffer size printed (sysfs qos path): total_size absent");
    }
    if (!ok) {
      buffer_error_ = in_.warn(line, "unreadable receive buffer sizes " + shown(body));
      return;
    }
    buffer_ = b;
    buffer_line_ = line;
  }

  void tc_block(const Line& line, std::string_view body) {
    const auto t = tc_line(body);
    current_tc_.reset();
    if (!t) {
      ets_error_ = in_.warn(line, "unreadable tc line " + shown(body));
      return;
    }
    if (!ets_line_) ets_line_ = line;
    current_tc_ = t->tc;
    tc_seen_ |= 1u << t->tc;
    ets_.tc_tsa[t->tc] = static_cast<std::uint8_t>(t->tsa);
    ets_.tc_tx_bw[t->tc] = t->bw;
    maxrate_[t->tc] = t->maxrate_bps;
  }

  void tc_priority(const Line& line, std::string_view body) {
    const auto prio = to_u32(body);
    if (!current_tc_ || !prio || *prio >= kPriorities) {
      ets_error_ =
          in_.warn(line, "priority line without a readable tc line before it, or unreadable: " + shown(line.text));
      return;
    }
    ets_.prio_tc[*prio] = static_cast<std::uint8_t>(*current_tc_);
    prio_mapped_ |= 1u << *prio;
  }

  void finish() {
    auto& dcb = out_.dcb;
    if (!app_error_.empty())  // a partial DSCP table would read as "these DSCPs are unmapped"
      dcb.app = Field<std::vector<model::AppEntry>>::missing(Availability::error, app_error_, dcb.app.from);
    if (enabled_) {
      model::Pfc pfc;
      for (int p = 0; p < kPriorities; ++p) pfc.pfc_en |= static_cast<std::uint8_t>((*enabled_)[p] << p);
      if (cable_)
        pfc.delay = cable_->first;
      else
        in_.warn(*enabled_line_, "no 'Cable len:' line: PFC delay (cable length) left 0");
      dcb.pfc = Field<model::Pfc>::of(pfc, in_.at(*enabled_line_));
    } else if (!pfc_error_.empty()) {
      dcb.pfc = Field<model::Pfc>::missing(Availability::error, pfc_error_);
    }
    if (buffer_ && prio2buffer_) {
      buffer_->prio2buffer = *prio2buffer_;
      dcb.buffer = Field<model::Buffer>::of(*buffer_, in_.at(*buffer_line_));
    } else if (!buffer_error_.empty()) {
      dcb.buffer = Field<model::Buffer>::missing(Availability::error, buffer_error_);
    } else if (buffer_) {
      dcb.buffer = Field<model::Buffer>::missing(Availability::error,
                                                 in_.warn(*buffer_line_, "buffer sizes without the PFC 'buffer' row"));
    } else if (!no_buffers_.empty()) {
      dcb.buffer = Field<model::Buffer>::missing(Availability::unsupported, no_buffers_);
    } else {
      dcb.buffer =
          Field<model::Buffer>::missing(Availability::absent, "this mlnx_qos version prints no receive buffers");
    }
    if (!ets_line_) return;
    const auto from = in_.at(*ets_line_);
    if (!ets_error_.empty()) {
      dcb.ets = Field<model::Ets>::missing(Availability::error, ets_error_, from);
    } else if (prio_mapped_ != 0xff) {
      dcb.ets = Field<model::Ets>::missing(
          Availability::error,
          in_.warn(*ets_line_,
                   "not every priority is listed under a tc (truncated output?): mapped mask 0x" + hex(prio_mapped_)),
          from);
    } else {
      dcb.ets = Field<model::Ets>::of(ets_, from);
    }
    if (tc_seen_ == 0xff)
      dcb.maxrate = Field<model::PerPrio<std::uint64_t>>::of(maxrate_, from);
    else
      dcb.maxrate = Field<model::PerPrio<std::uint64_t>>::missing(
          Availability::absent, "mlnx_qos printed only the tcs that priorities map to (all 8 only with -a)", from);
  }

  static std::string hex(unsigned v) {
    const char* digits = "0123456789abcdef";
    return {digits[(v >> 4) & 0xf], digits[v & 0xf]};
  }

  TextInput in_;
  MlnxQos out_;
  std::optional<std::pair<std::uint16_t, Line>> cable_;
  std::optional<model::PerPrio<std::uint8_t>> enabled_, prio2buffer_;
  std::optional<Line> enabled_line_, buffer_line_, ets_line_;
  std::optional<model::Buffer> buffer_;
  std::string app_error_, pfc_error_, buffer_error_, ets_error_;
  model::Ets ets_;
  model::PerPrio<std::uint64_t> maxrate_{};
  std::optional<std::uint32_t> current_tc_;
  unsigned tc_seen_ = 0, prio_mapped_ = 0;
  bool in_default_prio_ = false;
  std::string no_buffers_;
};

}  // namespace

Expected<Parsed<MlnxQos>> parse_mlnx_qos(std::string_view text, const TextOrigin& origin) {
  return MlnxQosParser(text, origin).run();
}

}  // namespace roce::captures::text
