// The device, virtual-device and bootstrap lines of NCCL's network plugins.
#include "nccl_log/device_lines.hpp"

#include <algorithm>
#include <optional>

#include "nccl_log/line_words.hpp"
#include "util/text.hpp"

namespace roce::nccl_log {
namespace {

using std::string_view;
using util::trim;

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

}  // namespace

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

bool read_qp_connect_line(string_view msg, model::NcclRank& r) {
  if (!msg.starts_with("NET/IB: ") || msg.find(" qpn ") == string_view::npos) return false;
  const auto gid = find_anchored(msg, " GID ", 1);
  if (gid == string_view::npos) return false;
  string_view rest = msg.substr(gid + 5);
  const auto index = leading_int(rest);
  if (!index || *index < 0 || rest.find(" (") != rest.find(' ')) return false;
  if (!r.gid_index_used) r.gid_index_used = index;
  if (const auto mtu = leading_int(word_after(msg, " mtu ", 1)); mtu && !r.path_mtu) r.path_mtu = mtu;
  return true;
}

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

}  // namespace roce::nccl_log
