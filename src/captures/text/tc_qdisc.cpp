#include "captures/text/tc_qdisc.hpp"

#include <cmath>
#include <optional>

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

using Tokens = std::vector<std::string_view>;

constexpr std::uint32_t kRoot = 0xffffffffu;     // TC_H_ROOT
constexpr std::uint32_t kIngress = 0xfffffff1u;  // TC_H_INGRESS (ingress and clsact)

// "10:4" -> 0x00100004, "104:" -> 0x01040000 (both halves hexadecimal).
std::optional<std::uint32_t> tc_handle(std::string_view s) {
  const std::size_t colon = s.find(':');
  if (colon == std::string_view::npos || colon > 4 || s.size() - colon - 1 > 4) return std::nullopt;
  const std::string_view major_text = s.substr(0, colon), minor_text = s.substr(colon + 1);
  const auto major = major_text.empty() ? std::optional<std::uint32_t>(0) : to_u32(major_text, 16);
  const auto minor = minor_text.empty() ? std::optional<std::uint32_t>(0) : to_u32(minor_text, 16);
  if (!major || !minor || (major_text.empty() && minor_text.empty())) return std::nullopt;
  return (*major << 16) | *minor;
}

// "150000b", "150000", "150Kb", "1.5Mb", "1Gb" -> bytes (binary units, as iproute2's sprint_size).
std::optional<std::uint64_t> tc_size(std::string_view s) {
  double unit = 1;
  if (s.ends_with("Kb"))
    unit = 1024.0, s.remove_suffix(2);
  else if (s.ends_with("Mb"))
    unit = 1024.0 * 1024, s.remove_suffix(2);
  else if (s.ends_with("Gb"))
    unit = 1024.0 * 1024 * 1024, s.remove_suffix(2);
  else if (s.ends_with("b"))
    s.remove_suffix(1);
  const auto v = to_double(s);
  if (!v) return std::nullopt;
  const double bytes = std::round(*v * unit);
  if (bytes > 4294967295.0) return std::nullopt;  // the kernel's fields are u32
  return static_cast<std::uint64_t>(bytes);
}

std::optional<std::uint32_t> size32(std::string_view s) {
  const auto v = tc_size(s);
  return v ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(*v)) : std::nullopt;
}

// Reads `count` numbers after tokens[i] into out; false when fewer or not numbers.
bool read_numbers(const Tokens& t, std::size_t& i, std::size_t count, std::vector<std::uint32_t>& out) {
  for (std::size_t k = 0; k < count; ++k) {
    if (i + 1 >= t.size()) return false;
    const auto v = to_u32(t[i + 1]);
    if (!v) return false;
    out.push_back(*v);
    ++i;
  }
  return true;
}

// Numbers after tokens[i] until the next non-number.
std::vector<std::uint32_t> numbers_after(const Tokens& t, std::size_t& i) {
  std::vector<std::uint32_t> out;
  while (i + 1 < t.size()) {
    const auto v = to_u32(t[i + 1]);
    if (!v) break;
    out.push_back(*v);
    ++i;
  }
  return out;
}

// The options after the header words. Returns the first unreadable word, or empty.
std::string read_options(const Tokens& t, std::size_t i, model::Qdisc& q) {
  model::RedParams red;
  bool is_red = q.kind == "red";
  for (; i < t.size(); ++i) {
    const std::string_view w = t[i];
    const bool has_next = i + 1 < t.size();
    auto next_size = [&](std::uint32_t& slot) {
      if (!has_next) return false;
      auto v = size32(t[i + 1]);
      if (!v) return false;
      slot = *v;
      ++i;
      return true;
    };
    auto next_u8 = [&](std::uint8_t& slot) {
      if (!has_next) return false;
      auto v = to_u32(t[i + 1]);
      if (!v || *v > 255) return false;
      slot = static_cast<std::uint8_t>(*v);
      ++i;
      return true;
    };
    if (w == "offloaded") {
      q.offloaded = true;
    } else if (is_red && (w == "limit" || w == "min" || w == "max")) {
      if (!next_size(w == "limit" ? red.limit : w == "min" ? red.qth_min : red.qth_max))
        return std::string(w) + " " + (has_next ? std::string(t[i + 1]) : "(nothing)");
    } else if (is_red && (w == "ecn" || w == "harddrop" || w == "adaptive" || w == "nodrop")) {
      red.flags |= w == "ecn" ? 1 : w == "harddrop" ? 2 : w == "adaptive" ? 4 : 8;
    } else if (is_red && w == "ewma") {
      if (!next_u8(red.wlog)) return "ewma";
    } else if (is_red && w == "Scell_log") {
      if (!next_u8(red.scell_log)) return "Scell_log";
    } else if (is_red && w == "probability") {
      const auto p = has_next ? to_double(t[i + 1]) : std::nullopt;
      if (!p || *p > 1) return "probability " + (has_next ? std::string(t[i + 1]) : "(nothing)");
      red.max_p = static_cast<std::uint32_t>(std::min(*p * 4294967296.0, 4294967295.0));
      ++i;
    } else if (w == "bands" || w == "strict" || w == "tc") {
      std::vector<std::uint32_t> v;
      if (!read_numbers(t, i, 1, v)) return std::string(w);
      (w == "strict" ? q.strict_bands : q.bands) = v[0];
    } else if (w == "quanta") {
      q.quanta = numbers_after(t, i);
    } else if (w == "priomap" || w == "map") {
      const auto v = numbers_after(t, i);
      if (v.empty()) return std::string(w);
      q.priomap.clear();
      for (auto x : v) {
        if (x > 255) return std::string(w);
        q.priomap.push_back(static_cast<std::uint8_t>(x));
      }
    }
    // Anything else belongs to a kind or an option roce-doctor does not read (qevent, hw, ...).
  }
  if (is_red) q.red = red;
  if (q.kind == "ets" && !q.strict_bands) q.strict_bands = 0;  // q_ets prints "strict" only when some are
  return {};
}

struct Header {
  std::string netdev;
  model::Qdisc qdisc;
};

// "qdisc KIND HANDLE: dev IF (root | parent H | ingress) [refcnt N] OPTIONS" -> qdisc, or why not.
Expected<Header> read_header(const Tokens& t) {
  if (t.size() < 5) return fail("a qdisc line needs at least 'qdisc KIND HANDLE: dev IF'");
  Header h;
  h.qdisc.kind = std::string(t[1]);
  const auto handle = tc_handle(t[2]);
  if (!handle) return fail("unreadable handle " + shown(t[2]));
  h.qdisc.handle = *handle;
  if (t[3] != "dev") return fail("expected 'dev' after the handle, got " + shown(t[3]));
  h.netdev = std::string(t[4]);
  std::size_t i = 5;
  if (i < t.size() && t[i] == "root") {
    h.qdisc.parent = kRoot;
    ++i;
  } else if (i < t.size() && t[i] == "ingress") {
    h.qdisc.parent = kIngress;
    ++i;
  } else if (i + 1 < t.size() && t[i] == "parent") {
    const auto parent = tc_handle(t[i + 1]);
    if (!parent) return fail("unreadable parent " + shown(t[i + 1]));
    h.qdisc.parent = *parent;
    i += 2;
  } else if (h.qdisc.kind != "clsact") {
    return fail("expected root, parent or ingress after the device");
  } else {
    h.qdisc.parent = kIngress;
  }
  if (i + 1 < t.size() && t[i] == "refcnt") i += 2;
  const std::string bad = read_options(t, i, h.qdisc);
  if (!bad.empty()) return fail("unreadable " + h.qdisc.kind + " option " + shown(bad));
  return h;
}

// " Sent 4096 bytes 32 pkt (dropped 0, overlimits 0 requeues 0)"
bool read_sent(const Tokens& t, model::QdiscStats& s) {
  if (t.size() < 11 || t[0] != "Sent" || t[2] != "bytes" || t[4] != "pkt" || t[5] != "(dropped" ||
      t[7] != "overlimits" || t[9] != "requeues")
    return false;
  std::string_view dropped = t[6];
  if (!dropped.ends_with(',')) return false;
  dropped.remove_suffix(1);
  const auto bytes = to_u64(t[1]), packets = to_u64(t[3]);
  const auto drops = to_u32(dropped), over = to_u32(t[8]);
  if (!bytes || !packets || !drops || !over) return false;
  s.bytes = *bytes;
  s.packets = *packets;
  s.drops = *drops;
  s.overlimits = *over;
  return true;
}

// " backlog 0b 0p requeues 0" (older: "backlog 1514b 1p", sizes in Kb/Mb)
bool read_backlog(const Tokens& t, model::QdiscStats& s) {
  if (t.size() < 3 || t[0] != "backlog" || !t[2].ends_with('p')) return false;
  const auto bytes = size32(t[1]);
  const auto packets = to_u32(t[2].substr(0, t[2].size() - 1));
  if (!bytes || !packets || !t[1].ends_with('b')) return false;
  s.backlog = *bytes;
  s.qlen = *packets;
  return true;
}

// "  marked 12 early 0 pdrop 0 other 0"
bool read_red_xstats(const Tokens& t, model::RedXstats& x) {
  if (t.size() != 8) return false;
  for (std::size_t i = 0; i < 8; i += 2) {
    const auto v = to_u32(t[i + 1]);
    if (!v) return false;
    if (t[i] == "marked")
      x.marked = *v;
    else if (t[i] == "early")
      x.early = *v;
    else if (t[i] == "pdrop")
      x.pdrop = *v;
    else if (t[i] == "other")
      x.other = *v;
    else
      return false;
  }
  return true;
}

struct DevState {
  std::size_t first_line = 0;
  std::vector<model::Qdisc> qdiscs;
  std::string error;  // the warning of a qdisc line of this device that could not be read
};

using QdiscDevices = std::vector<std::pair<std::string, DevState>>;  // in the order the output names them

DevState& dev_named(QdiscDevices& devs, const std::string& name, std::size_t line) {
  for (auto& [n, d] : devs)
    if (n == name) return d;
  devs.push_back({name, DevState{line, {}, {}}});
  return devs.back().second;
}

// "qdisc KIND HANDLE: dev IF ...": the qdisc the line opens on its device, or nullptr (a warning, and
// the device's error) when it cannot be read.
model::Qdisc* read_qdisc_line(TextInput& in, const Line& line, const Tokens& t, QdiscDevices& devs) {
  auto header = read_header(t);
  if (!header) {
    const std::string why = in.warn(line, header.error().message + ": " + shown(line.text));
    if (t.size() >= 5 && t[3] == "dev") {
      DevState& d = dev_named(devs, std::string(t[4]), line.number);
      if (d.error.empty()) d.error = why;
    }
    return nullptr;
  }
  DevState& d = dev_named(devs, header->netdev, line.number);
  d.qdiscs.push_back(std::move(header->qdisc));
  return &d.qdiscs.back();
}

// An indented line under qdisc `q`: its statistics, backlog or RED counters. Other indented lines
// (queues of mqprio, rate estimators, xstats of other kinds) are not read.
void read_qdisc_detail(TextInput& in, const Line& line, const Tokens& t, model::Qdisc& q) {
  if (t[0] == "Sent") {
    model::QdiscStats s;
    if (!read_sent(t, s)) {
      in.warn(line, "unreadable statistics line " + shown(line.text));
      return;
    }
    q.stats = s;
  } else if (t[0] == "backlog") {
    model::QdiscStats s = q.stats.value_or(model::QdiscStats{});
    if (!read_backlog(t, s)) {
      in.warn(line, "unreadable backlog line " + shown(line.text));
      return;
    }
    if (q.stats) q.stats = s;
  } else if (t[0] == "marked" && q.kind == "red") {
    model::RedXstats x;
    if (!read_red_xstats(t, x)) {
      in.warn(line, "unreadable RED statistics line " + shown(line.text));
      return;
    }
    q.red_xstats = x;
  }
}

std::vector<NetdevQdiscs> qdiscs_by_netdev(QdiscDevices& devs, const TextOrigin& origin) {
  std::vector<NetdevQdiscs> out;
  for (auto& [name, d] : devs) {
    const model::Provenance at = origin.at(d.first_line);
    out.push_back({name, d.error.empty() ? model::Field<std::vector<model::Qdisc>>::of(std::move(d.qdiscs), at)
                                         : model::Field<std::vector<model::Qdisc>>::missing(model::Availability::error,
                                                                                            d.error, at)});
  }
  return out;
}

}  // namespace

Expected<Parsed<std::vector<NetdevQdiscs>>> parse_tc_qdisc(std::string_view text, const TextOrigin& origin) {
  TextInput in(text, origin);
  if (in.lines().empty()) return in.error("empty: no tc qdisc output");
  QdiscDevices devs;
  model::Qdisc* current = nullptr;  // the qdisc the indented lines belong to
  bool any_qdisc = false;
  for (const Line& line : in.lines()) {
    const Tokens t = split_words(line.body());
    if (line.indented()) {
      if (current != nullptr && !t.empty()) read_qdisc_detail(in, line, t, *current);
      continue;  // without a qdisc: indented text of a qdisc that was not read
    }
    current = nullptr;
    if (t.empty() || t[0] != "qdisc") {
      if (!any_qdisc && &line == &in.lines().front())
        return in.error(line, "not tc qdisc output: expected 'qdisc KIND HANDLE: dev IF ...', got " + shown(line.text));
      in.warn(line, "not a line of tc qdisc show, skipped: " + shown(line.text));
      continue;
    }
    any_qdisc = true;
    current = read_qdisc_line(in, line, t, devs);
  }
  if (!any_qdisc) return in.error("no qdisc line");
  return in.result(qdiscs_by_netdev(devs, origin));
}

}  // namespace roce::captures::text
