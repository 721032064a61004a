// Folds NCCL log lines into the per-process summary.
#include "nccl_log/summarizer.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <optional>
#include <utility>

#include "util/text.hpp"

namespace roce::nccl_log {
namespace {

using std::string_view;
using util::trim;

constexpr std::array<string_view, 4> kLevels = {"INFO ", "WARN ", "TRACE ", "ABORT "};

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool all_digits(string_view s) {
  if (s.empty()) return false;
  for (const char c : s)
    if (!is_digit(c)) return false;
  return true;
}

// The first `needle` in `s`, found by memchr on the needle's byte at `anchor` (one that is rare in
// log text) instead of on its first byte: " via " would otherwise stop at every space.
std::size_t find_anchored(string_view s, string_view needle, std::size_t anchor) {
  const char key = needle[anchor];
  std::size_t from = anchor;
  while (from < s.size()) {
    const void* hit = std::memchr(s.data() + from, key, s.size() - from);
    if (!hit) break;
    const std::size_t at = static_cast<std::size_t>(static_cast<const char*>(hit) - s.data());
    if (s.substr(at - anchor).starts_with(needle)) return at - anchor;
    from = at + 1;
  }
  return string_view::npos;
}

std::optional<long long> to_number(string_view s) {
  long long v = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end == s.data()) return std::nullopt;
  return v;
}

// The leading digits of `s` ("12 opcode" -> 12).
std::optional<int> leading_int(string_view s) {
  std::size_t n = 0;
  if (n < s.size() && s[n] == '-') ++n;
  while (n < s.size() && n < 10 && is_digit(s[n])) ++n;
  auto v = to_number(s.substr(0, n));
  if (!v) return std::nullopt;
  return static_cast<int>(*v);
}

// The next space-separated token of `s`, consumed.
string_view next_token(string_view& s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  const auto end = s.find(' ');
  const string_view token = s.substr(0, end);
  s.remove_prefix(end == string_view::npos ? s.size() : end);
  return token;
}

// The word after `key` in `s` ("hca mlx5_2" with key " hca "), or "".
string_view word_after(string_view s, string_view key, std::size_t anchor) {
  const auto at = find_anchored(s, key, anchor);
  if (at == string_view::npos) return {};
  string_view rest = s.substr(at + key.size());
  return next_token(rest);
}

// What precedes " NCCL <LEVEL> " on a line: the timestamp or label, the process, its device and
// (WARN) the source location.
struct Prefix {
  string_view time;      // "2026-09-09 11:29:56", or empty
  string_view host_pid;  // "ubuntu2:321049"
  string_view host, pid;
  std::optional<int> device;
  string_view where;  // "ras/client_support.cc:181"
  bool has_process = false;
};

// "host:pid:tid": host, then two numbers.
bool split_process(string_view token, Prefix& p) {
  const auto last = token.rfind(':');
  if (last == string_view::npos || last == 0) return false;
  const auto middle = token.rfind(':', last - 1);
  if (middle == string_view::npos || middle == 0) return false;
  if (!all_digits(token.substr(last + 1)) || !all_digits(token.substr(middle + 1, last - middle - 1))) return false;
  p.host = token.substr(0, middle);
  p.pid = token.substr(middle + 1, last - middle - 1);
  p.host_pid = token.substr(0, last);
  return true;
}

Prefix parse_prefix(string_view text) {
  Prefix p;
  // The process token is followed by "[N]"; search from the right so that a timestamp with colons
  // before it is never taken for it.
  string_view rest = trim(text);
  std::size_t pos = rest.size();
  while (pos > 0) {
    const auto open = rest.rfind('[', pos - 1);
    if (open == string_view::npos || open == 0) break;
    const auto close = rest.find(']', open);
    if (close != string_view::npos && close > open + 1 && all_digits(rest.substr(open + 1, close - open - 1)) &&
        rest[open - 1] == ' ') {
      const string_view before = rest.substr(0, open - 1);
      const auto start = before.rfind(' ');
      const string_view token = before.substr(start == string_view::npos ? 0 : start + 1);
      if (split_process(token, p)) {
        p.has_process = true;
        p.device = leading_int(rest.substr(open + 1));
        p.where = trim(rest.substr(close + 1));
        string_view time = trim(before.substr(0, start == string_view::npos ? 0 : start));
        if (time.size() >= 2 && time.front() == '[' && time.back() == ']') time = time.substr(1, time.size() - 2);
        p.time = time;
        return p;
      }
    }
    pos = open;
  }
  return p;
}

void add_unique(std::vector<std::string>& v, string_view s) {
  if (std::find(v.begin(), v.end(), s) == v.end()) v.emplace_back(s);
}

// "[0]mlx5_0:1/RoCE", "[1]mlx5_2:1/IB/SHARP", "[0]mlx5_0:1:0/RoCE" (rail), "[0]eno2:192.168.1.105<0>".
std::optional<model::NcclNetDevice> parse_device(string_view item, bool socket) {
  if (item.size() < 4 || item[0] != '[') return std::nullopt;
  const auto close = item.find(']');
  if (close == string_view::npos) return std::nullopt;
  auto index = leading_int(item.substr(1, close - 1));
  if (!index || !all_digits(item.substr(1, close - 1))) return std::nullopt;
  model::NcclNetDevice d;
  d.index = *index;
  string_view body = item.substr(close + 1);
  const auto colon = body.find(':');
  if (socket || body.find('<') != string_view::npos) {
    d.name = std::string(body.substr(0, colon));
    if (colon != string_view::npos) {
      string_view address = body.substr(colon + 1);
      address = address.substr(0, address.find('<'));
      d.address = std::string(address);
    }
    return d;
  }
  const auto slash = body.find('/');
  string_view head = body.substr(0, slash);
  const auto head_colon = head.find(':');
  d.name = std::string(head.substr(0, head_colon));
  if (head_colon != string_view::npos) {
    string_view ports = head.substr(head_colon + 1);
    const auto more = ports.find(':');
    d.port = leading_int(ports.substr(0, more));
    if (more != string_view::npos) d.flags.emplace_back(ports.substr(more + 1));
  }
  if (slash != string_view::npos) {
    string_view tail = body.substr(slash + 1);
    const auto next = tail.find('/');
    d.link_layer = std::string(tail.substr(0, next));
    while (!tail.empty() && tail.find('/') != string_view::npos) {
      tail = tail.substr(tail.find('/') + 1);
      const auto end = tail.find('/');
      if (!tail.substr(0, end).empty()) d.flags.emplace_back(tail.substr(0, end));
    }
  }
  if (d.name.empty()) return std::nullopt;
  return d;
}

// "NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [RO]; OOB ens16f1:10.153.235.11<0>"
bool read_device_line(string_view msg, model::NcclRank& r) {
  if (!msg.starts_with("NET/")) return false;
  const auto using_at = msg.find(": Using ");
  if (using_at == string_view::npos) return false;
  const string_view name = trim(msg.substr(0, using_at));
  if (name.find(' ') != string_view::npos) return false;
  r.net_plugin = std::string(name);
  const bool socket = name.find("Socket") != string_view::npos;
  string_view list = msg.substr(using_at + 8);
  string_view oob;
  if (const auto semi = list.find("; OOB "); semi != string_view::npos) {
    oob = trim(list.substr(semi + 6));
    list = list.substr(0, semi);
  }
  // What the 2.27+ device lines said of a device stays with it when this list follows them.
  std::vector<model::NcclNetDevice> before;
  before.swap(r.devices);
  string_view items = list;
  while (true) {
    const string_view item = next_token(items);
    if (item.empty()) break;
    if (item == "[RO]") {
      r.relaxed_ordering = true;
      continue;
    }
    if (auto d = parse_device(item, socket)) {
      for (const auto& old : before)
        if (old.name == d->name && old.port == d->port) {
          d->speed_mbps = old.speed_mbps;
          d->pci_address = old.pci_address;
          d->virtual_index = old.virtual_index;
          d->virtual_name = old.virtual_name;
        }
      r.devices.push_back(std::move(*d));
    }
  }
  if (!oob.empty()) {
    const auto colon = oob.find(':');
    r.oob_interface = std::string(oob.substr(0, colon));
    if (colon != string_view::npos) {
      string_view address = oob.substr(colon + 1);
      r.oob_address = std::string(address.substr(0, address.find('<')));
    }
  }
  return true;
}

// The device of `r` named `name` (and `port`, when both say one), added when there is none.
model::NcclNetDevice& device_named(model::NcclRank& r, string_view name, std::optional<int> port) {
  for (auto& d : r.devices)
    if (d.name == name && (!port || !d.port || d.port == port)) {
      if (!d.port) d.port = port;
      return d;
    }
  model::NcclNetDevice d;
  d.name = std::string(name);
  d.port = port;
  r.devices.push_back(std::move(d));
  return r.devices.back();
}

// "0000:3b:00.0": domain, bus, device and function, the last element of a sysfs PCI path.
bool is_pci_address(string_view s) {
  if (s.size() != 12 || s[4] != ':' || s[7] != ':' || s[10] != '.') return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i == 4 || i == 7 || i == 10) continue;
    const char c = s[i];
    if (!is_digit(c) && !(c >= 'a' && c <= 'f') && !(c >= 'A' && c <= 'F')) return false;
  }
  return true;
}

// NCCL 2.27+, one line per device NCCL opened (net_ib "NET/IB: [%d] %s:%s:%d/%s provider=%s
// speed=%d context=%p pciPath=%s ar=%d", later with " oooRqSize=%d"); the [N] is the device's place
// in the verbs device list: "NET/IB: [2] mlx5_2:uverbs2:1/RoCE provider=Mlx5 speed=400000
// context=0x5563d0080110 pciPath=/sys/devices/pci0000:37/.../0000:3b:00.0 ar=0".
bool read_ib_device_line(string_view msg, model::NcclRank& r) {
  const auto colon = msg.find(": [");
  if (colon == string_view::npos) return false;
  const string_view plugin = trim(msg.substr(0, colon));
  if (plugin.find(' ') != string_view::npos) return false;
  string_view rest = msg.substr(colon + 2);
  const string_view bracket = next_token(rest);
  if (bracket.size() < 3 || bracket.back() != ']' || !all_digits(bracket.substr(1, bracket.size() - 2))) return false;
  const string_view device = next_token(rest);
  const auto slash = device.find('/');
  const string_view head = device.substr(0, slash);
  const auto first = head.find(':');
  const auto last = head.rfind(':');
  if (first == 0 || first == string_view::npos || !all_digits(head.substr(last + 1))) return false;
  if (rest.find("provider=") == string_view::npos) return false;
  model::NcclNetDevice& d = device_named(r, head.substr(0, first), leading_int(head.substr(last + 1)));
  if (d.index < 0) d.index = leading_int(bracket.substr(1)).value_or(-1);
  if (slash != string_view::npos) d.link_layer.assign(device.substr(slash + 1));
  while (!rest.empty()) {
    const string_view item = next_token(rest);
    if (item.starts_with("speed=")) {
      if (auto v = to_number(item.substr(6)); v && *v >= 0) d.speed_mbps = v;
    } else if (item.starts_with("pciPath=")) {
      const string_view element = item.substr(item.rfind('/') + 1);
      if (is_pci_address(element)) d.pci_address.assign(element);
    }
  }
  if (r.net_plugin.empty()) r.net_plugin.assign(plugin);
  return true;
}

// NCCL 2.27+: "NET/IB : Made virtual device [2] name=mlx5_2 speed=400000 ndevs=1": the device
// "via NET/IB/2" names; a merged one is named "mlx5_0+mlx5_1" with ndevs=2.
bool read_virtual_device_line(string_view msg, model::NcclRank& r) {
  constexpr string_view kMade = ": Made virtual device [";
  const auto at = msg.find(kMade);
  if (at == string_view::npos) return false;
  string_view rest = msg.substr(at + kMade.size());
  const auto index = leading_int(rest);
  if (!index || *index < 0) return false;
  rest = rest.substr(std::min(rest.size(), rest.find(']') + 1));
  string_view name;
  std::optional<int> ndevs;
  while (!rest.empty()) {
    const string_view item = next_token(rest);
    if (item.starts_with("name=")) name = item.substr(5);
    if (item.starts_with("ndevs=")) ndevs = leading_int(item.substr(6));
  }
  if (name.empty()) return false;
  // Each part of the name is a device; a single one is the first of that name without a virtual device.
  for (string_view parts = name; !parts.empty();) {
    const auto plus = parts.find('+');
    const string_view part = parts.substr(0, plus);
    parts.remove_prefix(plus == string_view::npos ? parts.size() : plus + 1);
    if (part.empty()) continue;
    model::NcclNetDevice* target = nullptr;
    for (auto& d : r.devices)
      if (d.name == part && (!target || (target->virtual_index && !d.virtual_index))) target = &d;
    if (!target) target = &device_named(r, part, std::nullopt);
    target->virtual_index = index;
    target->virtual_name.assign(name);
    if (ndevs.value_or(1) > 1)
      for (auto& d : r.devices)
        if (d.name == part) d.virtual_index = index, d.virtual_name.assign(name);
  }
  return true;
}

// "Bootstrap : Using [0]eno2:192.168.1.105<0>" (old), "Bootstrap: Using ens16f1:10.153.235.11<0>".
bool read_bootstrap_line(string_view msg, model::NcclRank& r) {
  if (!msg.starts_with("Bootstrap")) return false;
  const auto using_at = msg.find("Using ");
  if (using_at == string_view::npos || !r.oob_interface.empty()) return true;
  string_view item = trim(msg.substr(using_at + 6));
  item = item.substr(0, item.find(' '));
  if (item.starts_with('[')) item = item.substr(std::min(item.size(), item.find(']') + 1));
  const auto colon = item.find(':');
  r.oob_interface = std::string(item.substr(0, colon));
  if (colon != string_view::npos) {
    const string_view address = item.substr(colon + 1);
    r.oob_address = std::string(address.substr(0, address.find('<')));
  }
  return true;
}

// "NCCL_IB_TC set by environment to 162.", "NCCL_IB_HCA set to mlx5_0,mlx5_1".
bool read_env_line(string_view msg, model::NcclRank& r, std::string& scratch) {
  if (!msg.starts_with("NCCL_")) return false;
  const auto space = msg.find(' ');
  if (space == string_view::npos) return false;
  const string_view name = msg.substr(0, space);
  string_view rest = msg.substr(space);
  string_view value;
  if (rest.starts_with(" set by environment to")) {
    value = rest.substr(22);
  } else if (rest.starts_with(" set to")) {
    value = rest.substr(7);
  } else {
    return false;
  }
  value = trim(value);
  // Integer parameters are echoed as "%lld."; a string keeps its own text.
  if (value.size() > 1 && value.back() == '.' && to_number(value.substr(0, value.size() - 1)) &&
      (all_digits(value.substr(0, value.size() - 1)) || value.front() == '-'))
    value.remove_suffix(1);
  scratch.assign(name);  // a reused key: no allocation when the variable was seen before
  if (auto it = r.env.find(scratch); it == r.env.end())
    r.env.emplace(scratch, value);
  else if (it->second != value)
    it->second.assign(value);
  return true;
}

// "Channel 00/0 : 3[1] -> 0[0] [receive] via NET/IB/2/GDRDMA", "Channel 01 : 0[18000] -> 1[1a000] via P2P/IPC".
bool read_channel_line(string_view msg, model::NcclChannels& c) {
  if (!msg.starts_with("Channel ")) return false;
  const auto via = find_anchored(msg, " via ", 1);
  if (via == string_view::npos) return true;  // a ring order line: "Channel 00/02 :    0   1   2   3"
  const string_view how = trim(msg.substr(via + 5));
  if (how.starts_with("NET/")) {
    string_view rest = how.substr(4);
    const auto slash = rest.find('/');
    const string_view transport = rest.substr(0, slash);
    add_unique(c.net_transports, transport);
    ++c.net;
    if (slash != string_view::npos)
      if (auto dev = leading_int(rest.substr(slash + 1)); dev && *dev >= 0) ++c.per_net_device[*dev];
    if (find_anchored(how, "/GDRDMA", 1) != string_view::npos) ++c.net_gdr;
  } else if (how.starts_with("P2P")) {
    ++c.p2p;
  } else if (how.starts_with("SHM") || how.find("shared memory") != string_view::npos) {
    ++c.shm;
  } else {
    ++c.other;
  }
  return true;
}

// "comm 0x5563e3b79140 rank 1 nranks 4 cudaDev 1 nvmlDev 1 busId b1000 ...", "comm 0x... rank 3 nRanks 4 ...".
bool read_comm_line(string_view msg, model::NcclRank& r) {
  const auto comm = find_anchored(msg, "comm 0x", 6);
  if (comm == string_view::npos) return false;
  const auto tail = find_anchored(msg.substr(comm), " rank ", 4);
  const auto at = tail == string_view::npos ? tail : comm + tail;
  if (at == string_view::npos) return true;
  string_view rest = msg.substr(at + 6);
  auto rank = leading_int(rest);
  rest = rest.substr(std::min(rest.size(), rest.find(' ')));
  if (rank && *rank >= 0 && (rest.starts_with(" nranks ") || rest.starts_with(" nRanks ")) &&
      std::find(r.ranks.begin(), r.ranks.end(), *rank) == r.ranks.end()) {
    r.ranks.push_back(*rank);
    std::sort(r.ranks.begin(), r.ranks.end());
  }
  // The GPU, which CUDA numbers per process (CUDA_VISIBLE_DEVICES): NVML's index and the PCI address.
  if (const auto nvml = leading_int(word_after(rest, " nvmlDev ", 5)); nvml && *nvml >= 0) r.nvml_device = nvml;
  if (const auto bus = word_after(rest, " busId ", 4); !bus.empty()) r.gpu_bus_id.assign(bus);
  return true;
}

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

struct Classified {
  string_view kind;
  std::optional<int> status;
  string_view hca, local_gid, where;
};

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

// INFO lines that carry nothing the summary needs but are NCCL's own: not "unknown".
constexpr std::array<string_view, 44> kKnownInfo = {"ncclOsDlopen",
                                                    "ENV/Plugin",
                                                    "NET/Plugin",
                                                    "GIN/Plugin",
                                                    "cudaDriverVersion",
                                                    "NCCL git version",
                                                    "Initialized NET",
                                                    "Assigned ",
                                                    "Loaded ",
                                                    "threadThresholds",
                                                    "Trees ",
                                                    "Setting affinity",
                                                    "Init timings",
                                                    "Bootstrap timings",
                                                    "Connected all",
                                                    "Check P2P",
                                                    "Symmetric memory",
                                                    "RAS ",
                                                    "P2P Chunksize",
                                                    "NVLS ",
                                                    "Tuning P2P",
                                                    "ncclTopoGetCpu",
                                                    "[Proxy",
                                                    "Rank ",
                                                    "Local Net",
                                                    "Local CollNet",
                                                    "CC ",
                                                    "Launch mode",
                                                    "Using non-device",
                                                    "Ring ",
                                                    "Pattern ",
                                                    "MNNVL",
                                                    "Allocated ",
                                                    "Enabled NCCL",
                                                    "ncclCommInitRank",
                                                    "Comm config",
                                                    "NCCL_",
                                                    "PXN ",
                                                    "P2P plugin",
                                                    "NET/IB : Using",
                                                    "CollNet ",
                                                    "Graph ",
                                                    "comm 0x",
                                                    "Init COMPLETE"};

bool known_info(string_view msg) {
  if (!msg.empty() && is_digit(msg.front()) && msg.find(" channels") != string_view::npos) return true;
  if (msg.starts_with("NET/")) return true;
  // "PROFILER/Plugin: Could not find: ...", "TUNER/Plugin: ...": every plugin loader's report.
  if (find_anchored(msg.substr(0, msg.find(' ')), "/Plugin", 1) != string_view::npos) return true;
  if (msg.empty()) return false;
  return std::any_of(kKnownInfo.begin(), kKnownInfo.end(),
                     [&](string_view k) { return k.front() == msg.front() && msg.starts_with(k); });
}

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
  // " NCCL INFO ", " NCCL WARN ", ... or a line that starts with "NCCL ".
  std::size_t marker = string_view::npos;
  string_view level;
  bool mentions_nccl = false;
  for (std::size_t from = 0;;) {
    const auto at = line.find("NCCL ", from);
    if (at == string_view::npos) break;
    mentions_nccl = true;
    if (at == 0 || line[at - 1] == ' ') {
      const string_view after = line.substr(at + 5);
      for (string_view l : kLevels)
        if (after.starts_with(l)) level = l;
      if (!level.empty()) {
        marker = at;
        break;
      }
    }
    from = at + 5;
  }
  if (marker == string_view::npos) {
    // NCCL prints its version bare on older releases ("NCCL version 2.7.8+cuda10.1"), RCCL at its
    // VERSION and WARN levels ("RCCL version 2.17.1+hip5.7 HEAD:cbbb3d8").
    const auto at = mentions_nccl ? line.find("NCCL version ") : line.find("RCCL version ");
    if (at != string_view::npos && trim(line.substr(0, at)).size() < 32 &&
        trim(line.substr(0, at)).find(' ') == string_view::npos) {
      ++log_.nccl_lines;
      log_.version = std::string(trim(line.substr(at + 13)));
      log_.library = std::string(line.substr(at, 4));
      return;
    }
    ++log_.other_lines;
    return;
  }
  ++log_.nccl_lines;
  const Prefix prefix = parse_prefix(line.substr(0, marker));
  const string_view msg = trim(line.substr(marker + 5 + level.size()));
  const bool warn = level == "WARN " || level == "ABORT ";
  model::NcclRank& r = prefix.has_process ? rank_of(prefix.host_pid, prefix.host, prefix.pid) : rank_of("", "", "0");
  ++r.lines;
  if (prefix.device && !r.cuda_device) r.cuda_device = prefix.device;

  if (auto c = classify(msg, warn, prefix.where)) {
    auto same = [&](const model::NcclEvent& e) {
      return e.kind == c->kind && e.status == c->status && e.hca == c->hca && e.where == c->where;
    };
    auto it = std::find_if(r.events.begin(), r.events.end(), same);
    if (it == r.events.end()) {
      if (r.events.size() >= kMaxEventsPerRank) {
        ++log_.events_dropped;
        return;
      }
      model::NcclEvent e;
      e.kind = std::string(c->kind);
      e.status = c->status;
      e.hca = std::string(c->hca);
      e.local_gid = std::string(c->local_gid);
      e.where = std::string(c->where);
      e.message = std::string(msg.substr(0, 400));
      e.first_source = source_;
      e.first_line = line_in_source_;
      e.first_time = std::string(prefix.time);
      r.events.push_back(std::move(e));
      it = r.events.end() - 1;
    }
    ++it->count;
    if (it->last_source != source_) it->last_source = source_;
    it->last_line = line_in_source_;
    if (it->last_time != prefix.time) it->last_time.assign(prefix.time);
    return;
  }
  if (warn) return;
  if (msg.starts_with("NCCL version ") || msg.starts_with("RCCL version ")) {
    r.version.assign(trim(msg.substr(13)));
    r.library.assign(msg.substr(0, 4));
    return;
  }
  if (msg.starts_with("Using network ")) {
    r.network.assign(trim(msg.substr(14)));
    return;
  }
  if (read_channel_line(msg, r.channels)) return;
  // A process repeats its device line for every communicator: the same text reads the same.
  if (msg.starts_with("NET/") && msg == device_lines_[last_index_]) return;
  if (read_device_line(msg, r)) {
    device_lines_[last_index_].assign(msg);
    return;
  }
  if (msg.starts_with("NET/") && (read_ib_device_line(msg, r) || read_virtual_device_line(msg, r))) return;
  if (read_bootstrap_line(msg, r) || read_env_line(msg, r, env_name_) || read_comm_line(msg, r) || known_info(msg))
    return;
  ++log_.unknown_lines;
  if (log_.unknown_examples.size() < kMaxUnknownExamples)
    log_.unknown_examples.push_back(source_ + ":" + std::to_string(line_in_source_) + ": " +
                                    std::string(line.substr(0, 300)));
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
