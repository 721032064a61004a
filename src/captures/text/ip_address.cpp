// ip [-d] [-o] address: the addresses of each link.
#include "captures/text/ip_address.hpp"

#include <arpa/inet.h>

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

using model::Field;

// "2: ens1f0np0@if5: <FLAGS> ..." (link line) or "2: ens1f0np0    inet ..." (-o address line):
// the index, the name without "@peer" and what follows it.
struct Head {
  std::uint32_t ifindex = 0;
  std::string name;
  std::string_view rest;
  bool link_line = false;  // "<name>: <FLAGS>"
};

std::optional<Head> head_of(const Line& line) {
  if (line.indented()) return std::nullopt;
  std::string_view s = line.text.substr(0, line.text.find('\\'));  // -o joins a record's lines with '\'
  const std::size_t colon = s.find(": ");
  const auto index = colon == std::string_view::npos ? std::nullopt : to_u32(s.substr(0, colon));
  if (!index) return std::nullopt;
  s.remove_prefix(colon + 2);
  const auto words = split_words(s);
  if (words.empty()) return std::nullopt;
  Head h;
  h.ifindex = *index;
  std::string_view name = words[0];
  if (name.ends_with(':')) {
    name.remove_suffix(1);
    h.link_line = true;
  }
  name = name.substr(0, name.find('@'));
  if (name.empty()) return std::nullopt;
  h.name = std::string(name);
  h.rest = trim(s.substr(words[0].data() + words[0].size() - s.data()));
  if (h.link_line && !h.rest.starts_with('<')) return std::nullopt;
  if (!h.link_line && !h.rest.starts_with("inet")) return std::nullopt;
  return h;
}

// "172.19.0.60/24" | "fe80::1/64" | "10.0.0.1" followed by "peer 10.0.0.2/32": the rtnetlink form.
std::optional<std::string> address_of(std::string_view family, const std::vector<std::string_view>& words) {
  if (words.size() < 2) return std::nullopt;
  std::string_view local = words[1];
  std::string_view prefix;
  if (const std::size_t slash = local.find('/'); slash != std::string_view::npos) {
    prefix = local.substr(slash + 1);
    local = local.substr(0, slash);
  } else if (words.size() >= 4 && words[2] == "peer") {
    const std::size_t peer_slash = words[3].find('/');
    if (peer_slash == std::string_view::npos) return std::nullopt;
    prefix = words[3].substr(peer_slash + 1);
  } else {
    return std::nullopt;
  }
  const bool v6 = family == "inet6";
  const auto bits = to_u32(prefix);
  if (!bits || *bits > (v6 ? 128u : 32u) || local.size() >= INET6_ADDRSTRLEN) return std::nullopt;
  unsigned char raw[16];
  const std::string text(local);
  if (inet_pton(v6 ? AF_INET6 : AF_INET, text.c_str(), raw) != 1) return std::nullopt;
  char canonical[INET6_ADDRSTRLEN] = {};
  if (!inet_ntop(v6 ? AF_INET6 : AF_INET, raw, canonical, sizeof canonical)) return std::nullopt;
  return std::string(canonical) + "/" + std::to_string(*bits);
}

class IpAddressParser {
 public:
  IpAddressParser(std::string_view text, const TextOrigin& origin) : in_(text, origin) {}

  Expected<Parsed<std::vector<model::NetDev>>> run() {
    if (in_.lines().empty()) return in_.error("empty: no ip address output");
    const Line& first = in_.lines().front();
    if (!head_of(first))
      return in_.error(first,
                       "not ip address output: expected '<index>: <name>: <FLAGS> ...' or '<index>: <name>    "
                       "inet ...', got " +
                           shown(first.text));
    for (const Line& line : in_.lines()) take(line);
    return in_.result(std::move(links_));
  }

 private:
  void take(const Line& line) {
    if (auto h = head_of(line)) {
      current_ = &link_named(*h, line);
      if (!h->link_line && h->rest.starts_with("inet")) address(line, h->rest);
      return;
    }
    if (!line.indented()) {
      in_.warn(line, "not a line of ip address, skipped: " + shown(line.text));
      return;
    }
    const std::string_view body = line.body();
    if (body.starts_with("inet ") || body.starts_with("inet6 ")) address(line, body);
    // link/<type>, valid_lft, altname and the details of -d: not addresses.
  }

  model::NetDev& link_named(const Head& h, const Line& line) {
    for (auto& nd : links_)
      if (nd.name == h.name) return nd;
    model::NetDev& nd = links_.emplace_back();
    nd.name = h.name;
    nd.ifindex = Field<std::uint32_t>::of(h.ifindex, in_.at(line));
    nd.addresses = Field<std::vector<std::string>>::of({}, in_.at(line));
    return nd;
  }

  void address(const Line& line, std::string_view body) {
    const auto words = split_words(body.substr(0, body.find('\\')));
    const auto a = address_of(words[0], words);
    if (!a) {
      in_.warn(line, "unreadable address " + shown(body) + ", skipped");
      return;
    }
    current_->addresses->push_back(*a);
  }

  TextInput in_;
  std::vector<model::NetDev> links_;
  model::NetDev* current_ = nullptr;  // set again at every head line, after links_ may have grown
};

}  // namespace

Expected<Parsed<std::vector<model::NetDev>>> parse_ip_address(std::string_view text, const TextOrigin& origin) {
  return IpAddressParser(text, origin).run();
}

}  // namespace roce::captures::text
