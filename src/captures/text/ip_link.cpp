#include "captures/text/ip_link.hpp"

#include <algorithm>
#include <cctype>

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

using model::Availability;
using model::Field;
using model::LinkStats64;

struct LinkHeader {
  std::uint32_t ifindex = 0;
  std::string name;
  std::vector<std::string_view> words;  // after the flags
};

// "2: ens1f0np0@if5: <BROADCAST,...> mtu 4200 ..." (not indented).
std::optional<LinkHeader> link_header(const Line& line) {
  if (line.indented()) return std::nullopt;
  std::string_view s = line.text;
  const std::size_t colon = s.find(": ");
  const auto index = colon == std::string_view::npos ? std::nullopt : to_u32(s.substr(0, colon));
  if (!index) return std::nullopt;
  s.remove_prefix(colon + 2);
  const std::size_t name_end = s.find(": ");
  if (name_end == std::string_view::npos || name_end == 0) return std::nullopt;
  LinkHeader h;
  h.ifindex = *index;
  const std::string_view name = s.substr(0, name_end);
  h.name = std::string(name.substr(0, name.find('@')));
  s.remove_prefix(name_end + 2);
  if (!s.starts_with('<')) return std::nullopt;
  const std::size_t flags_end = s.find('>');
  if (flags_end == std::string_view::npos) return std::nullopt;
  h.words = split_words(s.substr(flags_end + 1));
  return h;
}

// The LinkStats64 member a column fills; nullptr for columns the model does not keep.
std::uint64_t* column(LinkStats64& s, std::string_view row, std::string_view name) {
  if (row == "RX") {
    if (name == "bytes") return &s.rx_bytes;
    if (name == "packets") return &s.rx_packets;
    if (name == "errors") return &s.rx_errors;
    if (name == "dropped") return &s.rx_dropped;
    if (name == "missed") return &s.rx_missed_errors;
    if (name == "mcast") return &s.multicast;
  } else if (row == "TX") {
    if (name == "bytes") return &s.tx_bytes;
    if (name == "packets") return &s.tx_packets;
    if (name == "errors") return &s.tx_errors;
    if (name == "dropped") return &s.tx_dropped;
    if (name == "carrier") return &s.tx_carrier_errors;
    if (name == "collsns") return &s.collisions;
  } else if (row == "RX errors") {
    if (name == "crc") return &s.rx_crc_errors;
    if (name == "missed") return &s.rx_missed_errors;
  }
  return nullptr;
}

// "RX:  bytes ..." -> {"RX", [bytes, ...]}.
std::optional<std::pair<std::string_view, std::vector<std::string_view>>> stats_header(std::string_view body) {
  for (std::string_view row : {"RX errors", "TX errors", "RX", "TX"}) {
    std::string_view rest = body;
    if (consume(rest, row) && consume(rest, ":")) {
      auto names = split_words(rest);
      if (names.empty()) return std::nullopt;
      return std::pair{row, names};
    }
  }
  return std::nullopt;
}

class IpLinkParser {
 public:
  IpLinkParser(std::string_view text, const TextOrigin& origin) : in_(text, origin) {}

  Expected<Parsed<std::vector<model::NetDev>>> run() {
    if (in_.lines().empty()) return in_.error("empty: no ip link output");
    const auto& lines = in_.lines();
    if (!link_header(lines.front()))
      return in_.error(lines.front(),
                       "not ip link output: expected '<index>: <name>: <FLAGS> ...', got " + shown(lines.front().text));
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const Line& line = lines[i];
      if (auto h = link_header(line)) {
        finish_link();
        start_link(line, *h);
        continue;
      }
      if (!line.indented()) {
        in_.warn(line, "not a line of ip link, skipped: " + shown(line.text));
        continue;
      }
      const std::string_view body = line.body();
      if (body.starts_with("vf ") && body.size() > 3 && std::isdigit(static_cast<unsigned char>(body[3]))) {
        in_vf_ = true;  // "vf N ...": from here the RX/TX rows are that VF's, not the PF's
      } else if (in_vf_) {
        if (stats_header(body) && i + 1 < lines.size() && lines[i + 1].indented()) ++i;  // a VF's row, not kept
      } else if (body.starts_with("link/")) {
        link_address(line, body);
      } else if (auto header = stats_header(body)) {
        if (i + 1 == lines.size() || !lines[i + 1].indented()) {
          stats_error(line, "statistics header without its row of values");
          continue;
        }
        stats_row(line, lines[i + 1], header->first, header->second);
        ++i;
      }
      // Other indented lines: details of -d and addresses, not read.
    }
    finish_link();
    return in_.result(std::move(links_));
  }

 private:
  void start_link(const Line& line, const LinkHeader& h) {
    model::NetDev& dev = links_.emplace_back();
    const auto from = in_.at(line);
    dev.name = h.name;
    dev.ifindex = Field<std::uint32_t>::of(h.ifindex, from);
    for (std::size_t i = 0; i + 1 < h.words.size(); i += 2) {
      if (h.words[i] == "mtu") {
        auto mtu = to_u32(h.words[i + 1]);
        dev.mtu = mtu ? Field<std::uint32_t>::of(*mtu, from) : in_.garbled<std::uint32_t>(line, "mtu", h.words[i + 1]);
      } else if (h.words[i] == "state") {
        std::string state(h.words[i + 1]);
        std::transform(state.begin(), state.end(), state.begin(), [](unsigned char c) { return std::tolower(c); });
        dev.operstate = Field<std::string>::of(state, from);
      }
    }
    if (!dev.mtu.ok() && dev.mtu.availability != Availability::error)
      dev.mtu = Field<std::uint32_t>::missing(Availability::error, in_.warn(line, "link line without 'mtu N'"), from);
    stats_ = LinkStats64{};
    stats_rows_ = 0;
    stats_at_.reset();
    stats_error_.clear();
    in_vf_ = false;
  }

  // "link/ether b8:3f:d2:aa:bb:01 brd ff:ff:ff:ff:ff:ff" | "link/none".
  void link_address(const Line& line, std::string_view body) {
    const auto words = split_words(body);
    const auto from = in_.at(line);
    if (words.size() >= 2 && words[1] != "brd")
      links_.back().mac = Field<std::string>::of(std::string(words[1]), from);
    else
      links_.back().mac = Field<std::string>::missing(Availability::absent,
                                                      "the link has no address (" + std::string(words[0]) + ")", from);
  }

  void stats_row(const Line& header, const Line& values, std::string_view row,
                 const std::vector<std::string_view>& names) {
    const auto numbers = split_words(values.body());
    if (numbers.size() != names.size()) {
      stats_error(values, std::string(row) + " row has " + std::to_string(numbers.size()) + " values for " +
                              std::to_string(names.size()) + " columns");
      return;
    }
    for (std::size_t c = 0; c < names.size(); ++c) {
      const auto v = to_u64(numbers[c]);
      if (!v) {
        stats_error(values, "unreadable " + std::string(row) + " " + std::string(names[c]) + " value " +
                                shown(numbers[c]) + " (human-readable -h output is not read)");
        return;
      }
      if (std::uint64_t* slot = column(stats_, row, names[c])) *slot = *v;
    }
    if (!stats_at_) stats_at_ = header;
    if (row == "RX") stats_rows_ |= 1;
    if (row == "TX") stats_rows_ |= 2;
  }

  void stats_error(const Line& line, const std::string& what) {
    if (!stats_at_) stats_at_ = line;
    const std::string message = in_.warn(line, what);
    if (stats_error_.empty()) stats_error_ = message;  // the first one explains it
  }

  void finish_link() {
    if (links_.empty()) return;
    model::NetDev& dev = links_.back();
    if (!stats_at_) {
      dev.stats = Field<LinkStats64>::missing(Availability::absent, "ip link was run without -s");
      return;
    }
    const auto from = in_.at(*stats_at_);
    if (!stats_error_.empty())
      dev.stats = Field<LinkStats64>::missing(Availability::error, stats_error_, from);
    else if (stats_rows_ != 3)
      dev.stats = Field<LinkStats64>::missing(Availability::error,
                                              in_.warn(*stats_at_, "only one of the RX and TX rows was printed"), from);
    else
      dev.stats = Field<LinkStats64>::of(stats_, from);
  }

  TextInput in_;
  std::vector<model::NetDev> links_;
  LinkStats64 stats_;
  unsigned stats_rows_ = 0;  // bit 0: the RX row was read, bit 1: the TX row
  std::optional<Line> stats_at_;
  bool in_vf_ = false;  // inside the `vf N` blocks of an SR-IOV PF (ip -s link prints them after its own rows)
  std::string stats_error_;
};

}  // namespace

Expected<Parsed<std::vector<model::NetDev>>> parse_ip_link(std::string_view text, const TextOrigin& origin) {
  return IpLinkParser(text, origin).run();
}

}  // namespace roce::captures::text
