#include "captures/text/ibv_devinfo.hpp"

#include <cctype>

#include "captures/text/ib_names.hpp"
#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

using model::Availability;
using model::Field;

// "PORT_ACTIVE (4)" -> 4; "4096 (5)" -> 5.
std::optional<std::uint32_t> code_in_parentheses(std::string_view value) {
  const std::size_t open = value.rfind('(');
  if (open == std::string_view::npos || !value.ends_with(')')) return std::nullopt;
  return to_u32(value.substr(open + 1, value.size() - open - 2));
}

// "4096 (5)" -> 4096.
std::optional<std::uint32_t> leading_number(std::string_view value) {
  const auto words = split_words(value);
  return words.empty() ? std::nullopt : to_u32(words[0]);
}

// "GID[  3]" -> 3.
std::optional<std::uint32_t> gid_index(std::string_view key) {
  if (!consume(key, "GID[") || !key.ends_with(']')) return std::nullopt;
  return to_u32(trim(key.substr(0, key.size() - 1)));
}

// -v prints capability flags one per line under their key: "<TABs>RESIZE_MAX_WR".
bool flag_continuation(std::string_view body) {
  for (char c : body)
    if (!(std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_' ||
          c == ' '))
      return false;
  return true;
}

// The headings under which -v lists capabilities, one per deeper-indented line ("raw packet caps:"
// then "C-VLAN stripping offload", "Delay drop", "Unknown flags: 0x100000000", nested lists).
bool list_heading(std::string_view key) {
  static constexpr std::string_view kHeadings[] = {"device_cap_flags",
                                                   "device_cap_flags_ex",
                                                   "device_cap_exp_flags",
                                                   "general_odp_caps",
                                                   "rc_odp_caps",
                                                   "uc_odp_caps",
                                                   "ud_odp_caps",
                                                   "xrc_odp_caps",
                                                   "dc_odp_caps",
                                                   "raw_eth_odp_caps",
                                                   "raw packet caps",
                                                   "tso_caps",
                                                   "rss_caps",
                                                   "supported_qp",
                                                   "packet_pacing_caps",
                                                   "cq moderation caps",
                                                   "VLAN offloads caps",
                                                   "sw_parsing_caps",
                                                   "tunnel_offloads_caps",
                                                   "ooo_caps",
                                                   "Supported for objects type",
                                                   "Supported payload shifts"};
  for (auto h : kHeadings)
    if (key == h) return true;
  return false;
}

// Device-level lines -v prints without "key: value": "tag matching not supported", "core clock not
// supported", "Multi-Packet RQ supported", "log atomic arg sizes (mask)<TAB><TAB>0x8",
// "ooo_rc_caps  = 0x0".
bool statement_line(std::string_view body) {
  return body.ends_with("supported") || body.find("(mask)") != std::string_view::npos ||
         body.find(" = ") != std::string_view::npos;
}

// The column a line's text starts at, a TAB advancing to the next multiple of 8.
std::size_t indent_column(std::string_view text) {
  std::size_t column = 0;
  for (char c : text) {
    if (c == ' ')
      ++column;
    else if (c == '\t')
      column = (column / 8 + 1) * 8;
    else
      break;
  }
  return column;
}

class DevinfoParser {
 public:
  DevinfoParser(std::string_view text, const TextOrigin& origin) : in_(text, origin) {}

  Expected<Parsed<std::vector<model::RdmaDevice>>> run() {
    if (in_.lines().empty()) return in_.error("empty: no ibv_devinfo output");
    const Line& first = in_.lines().front();
    if (first.body() == "No IB devices found") return in_.result(std::move(devices_));
    auto head = split_key(first.body());
    if (!head || head->first != "hca_id")
      return in_.error(first, "not ibv_devinfo output: expected 'hca_id:<TAB><device>', got " + shown(first.text));
    for (const Line& line : in_.lines()) take(line);
    return in_.result(std::move(devices_));
  }

 private:
  void take(const Line& line) {
    const std::string_view body = line.body();
    const std::size_t column = indent_column(line.text);
    const bool block_start = body.starts_with("hca_id:") || body.starts_with("port:");
    if (list_column_ && column > *list_column_ && !block_start) return;  // an item of a capability list
    list_column_.reset();
    auto kv = split_key(body);
    if (!kv) {
      if (statement_line(body))
        list_column_ = column;  // "Multi-Packet RQ supported" has its own indented details
      else if (!flag_continuation(body))
        in_.warn(line, "not a 'key: value' line of ibv_devinfo, skipped: " + shown(line.text));
      return;
    }
    const auto [key, value] = *kv;
    if (list_heading(key)) list_column_ = column;
    const auto from = in_.at(line);
    if (key == "hca_id") {
      devices_.emplace_back().name = std::string(value);
      port_ = nullptr;
      return;
    }
    model::RdmaDevice& dev = devices_.back();
    if (key == "port") {
      port_ = &dev.ports.emplace_back();
      if (auto n = to_u32(value))
        port_->number = *n;
      else
        in_.warn(line, "unreadable port number " + shown(value));
      return;
    }
    if (key == "fw_ver") {
      dev.fw_ver = Field<std::string>::of(std::string(value), from);
    } else if (key == "node_guid") {
      dev.node_guid = Field<std::string>::of(std::string(value), from);
    } else if (key == "board_id") {
      dev.board_id = Field<std::string>::of(std::string(value), from);
    } else if (key == "phys_port_cnt") {
      auto n = to_u32(value);
      dev.port_count =
          n ? Field<std::uint32_t>::of(*n, from) : in_.garbled<std::uint32_t>(line, "phys_port_cnt", value);
    } else if (is_port_key(key)) {
      if (!port_) {
        in_.warn(line, "port field before any 'port:' line, skipped: " + shown(line.text));
        return;
      }
      port_field(line, key, value);
    } else if (!plain_key(key)) {
      in_.warn(line, "unrecognised line, skipped: " + shown(line.text));
    }
  }

  static bool is_port_key(std::string_view key) {
    return key == "state" || key == "phys_state" || key == "max_mtu" || key == "active_mtu" || key == "link_layer" ||
           gid_index(key).has_value();
  }

  void port_field(const Line& line, std::string_view key, std::string_view value) {
    const auto from = in_.at(line);
    if (key == "state") {
      auto code = code_in_parentheses(value);
      port_->state = code ? Field<model::PortState>::of(port_state_from_code(*code), from)
                          : in_.garbled<model::PortState>(line, "port state", value);
    } else if (key == "phys_state") {
      auto code = code_in_parentheses(value);
      port_->phys_state = code ? Field<model::PortState>::of(phys_state_from_code(*code), from)
                               : in_.garbled<model::PortState>(line, "physical state", value);
    } else if (key == "max_mtu" || key == "active_mtu") {
      auto bytes = leading_number(value);
      auto& field = key == "max_mtu" ? port_->max_mtu : port_->active_mtu;
      field =
          bytes ? Field<std::uint32_t>::of(*bytes, from) : in_.garbled<std::uint32_t>(line, std::string(key), value);
    } else if (key == "link_layer") {
      port_->link_layer = Field<std::string>::of(std::string(value), from);
    } else {
      gid(line, *gid_index(key), value);
    }
  }

  // "::ffff:172.19.0.60, RoCE v2" or "fe80:0000:...:4db8, RoCE v1" or without the type.
  void gid(const Line& line, std::uint32_t index, std::string_view value) {
    const auto from = in_.at(line);
    if (!port_->gids.ok()) port_->gids = Field<std::vector<model::Gid>>::of({}, from);
    const std::size_t comma = value.find(',');
    const auto address = gid_in_sysfs_form(trim(value.substr(0, comma)));
    if (!address) {
      in_.warn(line, "unreadable GID " + shown(value) + ", skipped");
      return;
    }
    model::Gid g;
    g.index = index;
    g.gid = *address;
    g.netdev = Field<std::string>::missing(Availability::absent, "ibv_devinfo does not print the GID's netdev", from);
    if (comma == std::string_view::npos) {
      g.type = Field<std::string>::missing(
          Availability::absent, "ibv_devinfo printed no GID type (rdma-core before 2020, or not Ethernet)", from);
    } else {
      const std::string_view type = trim(value.substr(comma + 1));
      if (type == "RoCE v2")
        g.type = Field<std::string>::of("RoCE v2", from);
      else if (type == "RoCE v1")
        g.type = Field<std::string>::of("IB/RoCE v1", from);  // the sysfs name of the same type
      else
        g.type = in_.garbled<std::string>(line, "GID type", type);
    }
    port_->gids->push_back(std::move(g));
  }

  TextInput in_;
  std::vector<model::RdmaDevice> devices_;
  model::RdmaPort* port_ = nullptr;
  std::optional<std::size_t> list_column_;  // the column of the capability list being read
};

}  // namespace

Expected<Parsed<std::vector<model::RdmaDevice>>> parse_ibv_devinfo(std::string_view text, const TextOrigin& origin) {
  return DevinfoParser(text, origin).run();
}

}  // namespace roce::captures::text
