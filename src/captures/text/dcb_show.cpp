#include "captures/text/dcb_show.hpp"

#include <array>
#include <cmath>
#include <optional>

#include "captures/text/text_input.hpp"

namespace roce::captures::text {
namespace {

using model::Availability;
using model::Field;
using model::kPriorities;

// iproute2 etc/iproute2/rt_dsfield (the DS field = DSCP << 2).
struct DsName {
  std::string_view name;
  std::uint8_t dsfield;
};
constexpr std::array<DsName, 33> kDsNames = {{
    {"default", 0x00},     {"lowdelay", 0x10}, {"throughput", 0x08},
    {"reliability", 0x04}, {"mincost", 0x02},  {"priority", 0x20},
    {"immediate", 0x40},   {"flash", 0x60},    {"flash-override", 0x80},
    {"critical", 0xa0},    {"internet", 0xc0}, {"network", 0xe0},
    {"AF11", 0x28},        {"AF12", 0x30},     {"AF13", 0x38},
    {"AF21", 0x48},        {"AF22", 0x50},     {"AF23", 0x58},
    {"AF31", 0x68},        {"AF32", 0x70},     {"AF33", 0x78},
    {"AF41", 0x88},        {"AF42", 0x90},     {"AF43", 0x98},
    {"CS1", 0x20},         {"CS2", 0x40},      {"CS3", 0x60},
    {"CS4", 0x80},         {"CS5", 0xa0},      {"CS6", 0xc0},
    {"CS7", 0xe0},         {"EF", 0xb8},       {"CS0", 0x00},
}};

constexpr std::array<std::string_view, 4> kTsaNames = {"strict", "cbs", "ets", "vendor"};
constexpr std::array<std::uint8_t, 4> kTsaValues = {0, 1, 2, 255};

struct AppGroup {
  std::string_view word;
  std::uint8_t selector;
};
constexpr std::array<AppGroup, 7> kAppGroups = {{{"ethtype-prio", model::kAppSelEthertype},
                                                 {"default-prio", model::kAppSelEthertype},
                                                 {"dscp-prio", model::kAppSelDscp},
                                                 {"stream-port-prio", model::kAppSelStream},
                                                 {"dgram-port-prio", model::kAppSelDgram},
                                                 {"port-prio", model::kAppSelAny},
                                                 {"pcp-prio", model::kAppSelPcp}}};

struct AppTrustName {
  std::string_view word;
  std::uint8_t selector;
};
constexpr std::array<AppTrustName, 6> kTrustNames = {{{"ethtype", model::kAppSelEthertype},
                                                      {"stream-port", model::kAppSelStream},
                                                      {"dgram-port", model::kAppSelDgram},
                                                      {"port", model::kAppSelAny},
                                                      {"dscp", model::kAppSelDscp},
                                                      {"pcp", model::kAppSelPcp}}};

// "1de" -> 9, "3nd" -> 3 (iproute2 dcb_app pcp_names: index = pcp + 8 * drop-eligible); -N prints
// the index itself.
std::optional<std::uint16_t> pcp_key(std::string_view s) {
  if (const auto n = to_u32(s))
    return *n <= 15 ? std::optional<std::uint16_t>(static_cast<std::uint16_t>(*n)) : std::nullopt;
  if (s.size() != 3 || s[0] < '0' || s[0] > '7') return std::nullopt;
  const std::string_view dei = s.substr(1);
  if (dei != "nd" && dei != "de") return std::nullopt;
  return static_cast<std::uint16_t>((s[0] - '0') + (dei == "de" ? 8 : 0));
}

std::optional<std::uint16_t> u16_key(std::string_view s, int base = 10) {
  const auto v = to_u64(s, base);
  if (!v || *v > 0xffff) return std::nullopt;
  return static_cast<std::uint16_t>(*v);
}

class DcbParser {
 public:
  DcbParser(std::string_view text, const TextOrigin& origin) : in_(text, origin) {}

  Expected<Parsed<model::Dcb>> run() {
    if (in_.lines().empty()) return in_.error("empty: no dcb output");
    for (const Line& line : in_.lines()) {
      if (!take(line)) {
        if (!any_) return in_.error(line, "not dcb show output: unknown group " + shown(line.text));
        in_.warn(line, "not a line of dcb show, skipped: " + shown(line.text));
      }
      any_ = true;
    }
    finish();
    return in_.result(std::move(dcb_));
  }

 private:
  using Map = std::array<std::optional<std::uint64_t>, kPriorities>;

  // Returns false for a line that is not a dcb group.
  bool take(const Line& line) {
    const auto words = split_words(line.body());
    const std::string_view head = words[0];
    const std::vector<std::string_view> args(words.begin() + 1, words.end());
    if (head == "pfc-cap" || head == "macsec-bypass" || head == "delay") {
      pfc_header(line, words);
    } else if (head == "prio-pfc") {
      prio_map(line, args, pfc_en_, head, on_off_number, pfc_at_, pfc_error_);
    } else if (head == "requests") {
      prio_map(line, args, requests_, head, number, pfc_at_, pfc_error_);
    } else if (head == "indications") {
      prio_map(line, args, indications_, head, number, pfc_at_, pfc_error_);
    } else if (head == "prio-buffer") {
      prio_map(line, args, prio_buffer_, head, small<7>, buffer_at_, buffer_error_);
    } else if (head == "buffer-size") {
      prio_map(line, args, buffer_size_, head, parse_dcb_size, buffer_at_, buffer_error_);
    } else if (head == "total-size") {
      total_size(line, args);
    } else if (head == "willing" || head == "ets-cap" || head == "cbs") {
      ets_header(line, words);
    } else if (Map* map = ets_map(head)) {
      const bool is_tsa = head.ends_with("tsa"), is_bw = head.ends_with("bw");
      prio_map(line, args, *map, head, is_tsa ? tsa : is_bw ? small<100> : small<7>, ets_at_, ets_error_);
    } else if (head == "order:") {
      apptrust(line, args);
    } else {
      for (const auto& g : kAppGroups)
        if (head == g.word) {
          app_group(line, g, args);
          return true;
        }
      return false;
    }
    return true;
  }

  static std::optional<std::uint64_t> on_off_number(std::string_view v) {
    if (auto b = on_off(v)) return *b ? 1 : 0;
    return std::nullopt;
  }
  static std::optional<std::uint64_t> number(std::string_view v) { return to_u64(v); }
  template <unsigned Max>
  static std::optional<std::uint64_t> small(std::string_view v) {
    auto n = to_u64(v);
    return n && *n <= Max ? n : std::nullopt;
  }
  static std::optional<std::uint64_t> tsa(std::string_view v) {
    for (std::size_t i = 0; i < kTsaNames.size(); ++i)
      if (v == kTsaNames[i]) return kTsaValues[i];
    return std::nullopt;
  }

  Map* ets_map(std::string_view head) {
    const std::array<std::pair<std::string_view, Map*>, 7> maps = {{{"tc-bw", &tc_bw_},
                                                                    {"pg-bw", &pg_bw_},
                                                                    {"tc-tsa", &tc_tsa_},
                                                                    {"prio-tc", &prio_tc_},
                                                                    {"reco-tc-bw", &reco_tc_bw_},
                                                                    {"reco-tc-tsa", &reco_tc_tsa_},
                                                                    {"reco-prio-tc", &reco_prio_tc_}}};
    for (auto [word, map] : maps)
      if (word == head) return map;
    return nullptr;
  }

  // "0:off 1:on ..." (keys 0..7; a missing key stays unset and is reported when the group is built).
  template <class F>
  void prio_map(const Line& line, const std::vector<std::string_view>& args, Map& map, std::string_view what, F read,
                std::optional<Line>& group_at, std::string& group_error) {
    if (!group_at) group_at = line;
    Map parsed{};
    for (auto arg : args) {
      auto kv = split_key(arg);
      auto key = kv ? to_u32(kv->first) : std::nullopt;
      auto value = kv ? read(kv->second) : std::nullopt;
      if (!key || *key >= kPriorities || !value) {
        group_error = in_.warn(line, "unreadable " + std::string(what) + " entry " + shown(arg));
        return;
      }
      parsed[*key] = *value;
    }
    map = parsed;
  }

  // "pfc-cap 8 macsec-bypass off delay 7" (any subset, in pairs).
  void pfc_header(const Line& line, const std::vector<std::string_view>& words) {
    if (!pfc_at_) pfc_at_ = line;
    for (std::size_t i = 0; i < words.size(); i += 2) {
      const auto value = i + 1 < words.size() ? words[i + 1] : std::string_view{};
      if (words[i] == "pfc-cap" && small<8>(value))
        pfc_.pfc_cap = static_cast<std::uint8_t>(*small<8>(value));
      else if (words[i] == "delay" && small<0xffff>(value))
        pfc_.delay = static_cast<std::uint16_t>(*small<0xffff>(value));
      else if (words[i] == "macsec-bypass" && on_off(value))
        pfc_.mbc = *on_off(value);
      else {
        pfc_error_ = in_.warn(line, "unreadable pfc field " + shown(words[i]) + " " + shown(value));
        return;
      }
      pfc_seen_.push_back(words[i]);
    }
  }

  // "willing off ets-cap 8 cbs off".
  void ets_header(const Line& line, const std::vector<std::string_view>& words) {
    if (!ets_at_) ets_at_ = line;
    for (std::size_t i = 0; i < words.size(); i += 2) {
      const auto value = i + 1 < words.size() ? words[i + 1] : std::string_view{};
      if (words[i] == "willing" && on_off(value))
        ets_.willing = *on_off(value);
      else if (words[i] == "cbs" && on_off(value))
        ets_.cbs = *on_off(value);
      else if (words[i] == "ets-cap" && small<8>(value))
        ets_.ets_cap = static_cast<std::uint8_t>(*small<8>(value));
      else {
        ets_error_ = in_.warn(line, "unreadable ets field " + shown(words[i]) + " " + shown(value));
        return;
      }
    }
  }

  void total_size(const Line& line, const std::vector<std::string_view>& args) {
    if (!buffer_at_) buffer_at_ = line;
    const auto v = args.size() == 1 ? parse_dcb_size(args[0]) : std::nullopt;
    if (!v || *v > 0xffffffffu) {
      buffer_error_ = in_.warn(line, "unreadable total-size " + shown(line.body()));
      return;
    }
    total_ = static_cast<std::uint32_t>(*v);
  }

  void app_group(const Line& line, const AppGroup& g, const std::vector<std::string_view>& args) {
    if (!app_.ok()) app_ = Field<std::vector<model::AppEntry>>::of({}, in_.at(line));
    for (auto arg : args) {
      model::AppEntry e{g.selector, 0, 0};
      std::optional<std::uint16_t> protocol;
      std::string_view prio_text = arg;
      if (g.word == "default-prio") {
        protocol = 0;
      } else {
        const std::size_t colon = arg.rfind(':');
        if (colon == std::string_view::npos) {
          protocol.reset();
        } else {
          const std::string_view key = arg.substr(0, colon);
          prio_text = arg.substr(colon + 1);
          if (g.selector == model::kAppSelDscp) {
            if (auto d = parse_dscp_name(key)) protocol = *d;
          } else if (g.selector == model::kAppSelPcp) {
            protocol = pcp_key(key);
          } else {
            protocol = u16_key(key, g.selector == model::kAppSelEthertype ? 16 : 10);
          }
        }
      }
      const auto prio = to_u32(prio_text);
      if (!protocol || !prio || *prio >= kPriorities) {
        app_error_ +=
            in_.warn(line, "unreadable " + std::string(g.word) + " entry " + shown(arg) +
                               (g.selector == model::kAppSelDscp ? " (a site-specific rt_dsfield name?)" : ""));
        continue;
      }
      e.protocol = *protocol;
      e.priority = static_cast<std::uint8_t>(*prio);
      app_->push_back(e);
    }
  }

  void apptrust(const Line& line, const std::vector<std::string_view>& args) {
    std::vector<std::uint8_t> order;
    for (auto arg : args) {
      std::optional<std::uint8_t> sel;
      for (const auto& t : kTrustNames)
        if (t.word == arg) sel = t.selector;
      if (!sel) {
        dcb_.apptrust = in_.garbled<std::vector<std::uint8_t>>(line, "apptrust selector", arg);
        return;
      }
      order.push_back(*sel);
    }
    dcb_.apptrust = Field<std::vector<std::uint8_t>>::of(order, in_.at(line));
  }

  // Copies a parsed map into `out`; names the priorities it did not print.
  template <class T, std::size_t N>
  bool fill(std::array<T, N>& out, const Map& map, std::string_view what, std::string& missing) {
    bool any = false, all = true;
    for (std::size_t i = 0; i < N; ++i) {
      if (map[i])
        out[i] = static_cast<T>(*map[i]), any = true;
      else
        all = false;
    }
    if (!all) missing += std::string(missing.empty() ? "" : ", ") + std::string(what) + (any ? " (in part)" : "");
    return any;
  }

  void finish() {
    if (pfc_at_) {
      std::string missing;
      fill(requests_out_, requests_, "requests", missing);
      fill(indications_out_, indications_, "indications", missing);
      std::string not_printed;
      PerPrioU8 en{};
      fill(en, pfc_en_, "prio-pfc", not_printed);
      for (int p = 0; p < kPriorities; ++p) pfc_.pfc_en |= static_cast<std::uint8_t>((en[p] & 1) << p);
      pfc_.requests = requests_out_;
      pfc_.indications = indications_out_;
      if (pfc_seen_.empty()) not_printed += std::string(not_printed.empty() ? "" : ", ") + "pfc-cap/delay";
      group("pfc", dcb_.pfc, pfc_, *pfc_at_, not_printed, pfc_error_);
    }
    if (buffer_at_) {
      std::string not_printed;
      model::Buffer b;
      fill(b.prio2buffer, prio_buffer_, "prio-buffer", not_printed);
      std::array<std::uint64_t, 8> sizes{};
      fill(sizes, buffer_size_, "buffer-size", not_printed);
      for (int i = 0; i < 8; ++i)
        b.buffer_size[i] = static_cast<std::uint32_t>(std::min<std::uint64_t>(sizes[i], 0xffffffffu));
      if (total_) b.total_size = *total_;  // else absent
      group("buffer", dcb_.buffer, b, *buffer_at_, not_printed, buffer_error_);
    }
    if (ets_at_) {
      std::string not_printed;
      fill(ets_.tc_tx_bw, tc_bw_, "tc-bw", not_printed);
      fill(ets_.tc_tsa, tc_tsa_, "tc-tsa", not_printed);
      fill(ets_.prio_tc, prio_tc_, "prio-tc", not_printed);
      std::string optional;  // pg-bw (CEE) and the recommendation maps are often not printed
      fill(ets_.tc_rx_bw, pg_bw_, "pg-bw", optional);
      fill(ets_.tc_reco_bw, reco_tc_bw_, "reco-tc-bw", optional);
      fill(ets_.tc_reco_tsa, reco_tc_tsa_, "reco-tc-tsa", optional);
      fill(ets_.reco_prio_tc, reco_prio_tc_, "reco-prio-tc", optional);
      group("ets", dcb_.ets, ets_, *ets_at_, not_printed, ets_error_);
    }
    if (app_.ok() || !app_error_.empty())
      dcb_.app = app_error_.empty()
                     ? app_
                     : Field<std::vector<model::AppEntry>>::missing(Availability::error, app_error_, app_.from);
  }

  template <class T>
  void group(std::string_view name, Field<T>& field, const T& value, const Line& at, const std::string& not_printed,
             const std::string& error) {
    if (!error.empty()) {  // a garbled line: the group is not a value
      field = Field<T>::missing(Availability::error, error, in_.at(at));
      return;
    }
    field = Field<T>::of(value, in_.at(at));
    if (!not_printed.empty()) in_.warn(at, std::string(name) + ": not printed: " + not_printed + " (left 0)");
  }

  using PerPrioU8 = model::PerPrio<std::uint8_t>;
  TextInput in_;
  model::Dcb dcb_;
  bool any_ = false;
  std::string pfc_error_, buffer_error_, ets_error_, app_error_;
  model::Pfc pfc_;
  model::Ets ets_;
  std::vector<std::string_view> pfc_seen_;
  Map pfc_en_{}, requests_{}, indications_{}, prio_buffer_{}, buffer_size_{};
  Map tc_bw_{}, pg_bw_{}, tc_tsa_{}, prio_tc_{}, reco_tc_bw_{}, reco_tc_tsa_{}, reco_prio_tc_{};
  model::PerPrio<std::uint64_t> requests_out_{}, indications_out_{};
  std::optional<std::uint32_t> total_;
  std::optional<Line> pfc_at_, buffer_at_, ets_at_;
  Field<std::vector<model::AppEntry>> app_;
};

}  // namespace

std::optional<std::uint64_t> parse_dcb_size(std::string_view token) {
  static constexpr std::array<std::pair<std::string_view, double>, 4> kUnits = {
      {{"Gb", 1024.0 * 1024 * 1024}, {"Mb", 1024.0 * 1024}, {"Kb", 1024.0}, {"b", 1.0}}};
  for (auto [suffix, scale] : kUnits) {
    if (!token.ends_with(suffix)) continue;
    const auto v = to_double(token.substr(0, token.size() - suffix.size()));
    if (!v || *v * scale > 1.8e19) return std::nullopt;
    return static_cast<std::uint64_t>(std::llround(*v * scale));
  }
  return std::nullopt;
}

std::optional<std::uint8_t> parse_dscp_name(std::string_view token) {
  if (auto v = to_u32(token))
    return *v <= 63 ? std::optional<std::uint8_t>(static_cast<std::uint8_t>(*v)) : std::nullopt;
  for (const auto& n : kDsNames)
    if (n.name == token) return static_cast<std::uint8_t>(n.dsfield >> 2);
  return std::nullopt;
}

Expected<Parsed<model::Dcb>> parse_dcb_show(std::string_view text, const TextOrigin& origin) {
  return DcbParser(text, origin).run();
}

}  // namespace roce::captures::text
