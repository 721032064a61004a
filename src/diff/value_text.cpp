// Notations of configuration values, and DCB APP tables compared as sets.
#include "diff/value_text.hpp"

#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include <nlohmann/json.hpp>

#include "model/dcb_text.hpp"
#include "util/json_dump.hpp"
#include "util/json_parse.hpp"

namespace roce::diff {
namespace {

bool is_bytes(std::string_view key) {
  return key == "buffer_size" || key == "total_size" || key == "limit" || key == "qth_min" || key == "qth_max";
}

std::string hex(std::uint64_t v, int width) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*llx", width, static_cast<unsigned long long>(v));
  return buf;
}

// DCB_CAP_DCBX_* bits.
std::string dcbx_text(std::uint64_t v) {
  static constexpr std::pair<unsigned, const char*> kBits[] = {
      {1, "host"}, {2, "lld-managed"}, {4, "cee"}, {8, "ieee"}, {16, "static"}};
  std::string names;
  for (const auto& [bit, name] : kBits)
    if (v & bit) names += (names.empty() ? "" : ",") + std::string(name);
  return hex(v, 2) + (names.empty() ? "" : " (" + names + ")");
}

std::string selector_name(std::uint64_t sel) {
  switch (sel) {
    case 1: return "ethertype";
    case 2: return "TCP port";
    case 3: return "UDP port";
    case 4: return "any";
    case 5: return "DSCP";
    case 255: return "PCP";
  }
  return "selector " + std::to_string(sel);
}

// "0-25,27-47,49"
std::string ranges(const std::vector<std::uint64_t>& sorted) {
  std::string out;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;
    while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) ++j;
    out += (out.empty() ? "" : ",") + std::to_string(sorted[i]);
    if (j > i) out += "-" + std::to_string(sorted[j]);
    i = j + 1;
  }
  return out;
}

using AppKey = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;  // selector, priority, protocol

std::map<AppKey, int> app_counts(const std::vector<model::AppEntry>& entries) {
  std::map<AppKey, int> counts;
  for (const auto& e : entries) ++counts[{e.selector, e.priority, e.protocol}];
  return counts;
}

// Entries of `from` missing in `other` as "VERB SELECTOR PROTOCOLS -> prio P", grouped.
void app_only_in(const std::map<AppKey, int>& from, const std::map<AppKey, int>& other, const char* verb,
                 std::vector<std::string>& out) {
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::vector<std::uint64_t>> groups;  // (sel, prio) -> protocols
  for (const auto& [key, count] : from) {
    const auto it = other.find(key);
    const int surplus = count - (it == other.end() ? 0 : it->second);
    for (int i = 0; i < surplus; ++i) groups[{std::get<0>(key), std::get<1>(key)}].push_back(std::get<2>(key));
  }
  for (const auto& [sel_prio, protocols] : groups) {
    const auto [sel, prio] = sel_prio;
    std::string what = sel == 1 ? "" : ranges(protocols);
    if (sel == 1)
      for (const auto p : protocols) what += (what.empty() ? "" : ",") + hex(p, 4);
    out.push_back(std::string(verb) + " " + selector_name(sel) + " " + what + " -> prio " + std::to_string(prio));
  }
}

}  // namespace

std::string unsigned_text(std::uint64_t v, std::string_view key) {
  if (key == "pfc_en" || key == "flags") return hex(v, 2);
  if (key == "dcbx") return dcbx_text(v);
  if (key == "handle" || key == "parent") return model::tc_handle_text(static_cast<std::uint32_t>(v));
  if (key == "apptrust") return selector_name(v);
  if (is_bytes(key)) return std::to_string(v) + " B";
  return std::to_string(v);
}

std::string number_text(double v) { return util::json_dump(nlohmann::json(v)); }

std::string readable(std::string_view text) {
  bool ascii = true;
  for (const char c : text) ascii = ascii && static_cast<unsigned char>(c) < 0x80;
  if (ascii) return std::string(text);
  using nlohmann::json;
  return util::json_parse<json>(util::json_dump(json(text)))->get<std::string>();
}

std::string cause_object_text(const std::string& cause) {
  return cause.empty() ? "{}" : "{cause: " + readable(cause) + "}";
}

bool has_repeated_names(const model::CounterSet& set) {
  std::set<std::string_view> seen;
  for (const auto& [name, value] : set.entries)
    if (!seen.insert(name).second) return true;
  return false;
}

std::string counters_text(const model::CounterSet& set, std::string_view key) {
  const bool pairs = has_repeated_names(set);
  std::string out = pairs ? "[" : "{";
  bool first = true;
  for (const auto& [name, value] : set.entries) {
    if (!pairs && name == "from") continue;  // a member named "from" is provenance, in any object
    out += first ? "" : ", ";
    out += pairs ? "[" + readable(name) + ", " + unsigned_text(value, key) + "]"
                 : readable(name) + ": " + unsigned_text(value, name);
    first = false;
  }
  return out + (pairs ? "]" : "}");
}

std::string_view element_label(std::string_view key) {
  if (key == "np" || key == "rp" || key == "prio_tc" || key == "reco_prio_tc" || key == "prio2buffer" ||
      key == "priomap")
    return "prio";
  if (key == "tc_tx_bw" || key == "tc_rx_bw" || key == "tc_tsa" || key == "tc_reco_bw" || key == "tc_reco_tsa" ||
      key == "maxrate")
    return "tc";
  if (key == "buffer_size") return "buffer";
  if (key == "quanta") return "band";
  return {};
}

std::vector<std::string> mask_details(std::string_view key, std::uint64_t a, std::uint64_t b) {
  std::vector<std::string> out;
  if (key != "pfc_en") return out;
  for (int p = 0; p < 8; ++p) {
    const bool on_a = (a >> p) & 1, on_b = (b >> p) & 1;
    if (on_a != on_b)
      out.push_back("prio " + std::to_string(p) + ": " + (on_a ? "on" : "off") + " -> " + (on_b ? "on" : "off"));
  }
  return out;
}

std::vector<std::string> app_set_details(const std::vector<model::AppEntry>& before,
                                         const std::vector<model::AppEntry>& after) {
  const auto a = app_counts(before), b = app_counts(after);
  std::vector<std::string> out;
  app_only_in(a, b, "removed", out);
  app_only_in(b, a, "added", out);
  return out;
}

}  // namespace roce::diff
