// Value <-> JSON without exceptions: every member is type- and range-checked before it is read.
#include "apply/value_json.hpp"

#include <algorithm>
#include <array>
#include <limits>

namespace roce::apply {
namespace {

using nlohmann::json;

constexpr std::array<std::pair<system::Knob, const char*>, 9> kKnobs{{
    {system::Knob::mtu, "mtu"},
    {system::Knob::trust, "trust"},
    {system::Knob::dcb_apptrust, "dcb_apptrust"},
    {system::Knob::dcb_app, "dcb_app"},
    {system::Knob::dcb_pfc, "dcb_pfc"},
    {system::Knob::dcb_ets, "dcb_ets"},
    {system::Knob::dcb_buffer, "dcb_buffer"},
    {system::Knob::nic_ecn, "nic_ecn"},
    {system::Knob::red, "red"},
}};

// Reads member `key` of object `j` as an unsigned integer no larger than `max`.
Expected<std::uint64_t> get_uint(const json& j, const char* key, std::uint64_t max, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end()) return fail(where + ": missing member \"" + key + "\"");
  if (!it->is_number_unsigned()) return fail(where + "." + key + ": not an unsigned integer");
  const auto v = it->get<std::uint64_t>();
  if (v > max)
    return fail(where + "." + key + ": " + std::to_string(v) + " is out of range (max " + std::to_string(max) + ")");
  return v;
}

Expected<bool> get_bool(const json& j, const char* key, const std::string& where) {
  auto it = j.find(key);
  if (it == j.end()) return fail(where + ": missing member \"" + key + "\"");
  if (!it->is_boolean()) return fail(where + "." + key + ": not a boolean");
  return it->get<bool>();
}

// Reads an array of exactly `n` (or, with n == 0, any number of) unsigned integers <= max.
Expected<std::vector<std::uint64_t>> get_uints(const json& j, const char* key, std::size_t n, std::uint64_t max,
                                               const std::string& where) {
  auto it = j.find(key);
  if (it == j.end()) return fail(where + ": missing member \"" + key + "\"");
  if (!it->is_array()) return fail(where + "." + key + ": not an array");
  if (n != 0 && it->size() != n)
    return fail(where + "." + key + ": " + std::to_string(it->size()) + " elements, expected " + std::to_string(n));
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < it->size(); ++i) {
    const json& e = (*it)[i];
    const std::string at = where + "." + key + "[" + std::to_string(i) + "]";
    if (!e.is_number_unsigned()) return fail(at + ": not an unsigned integer");
    if (e.get<std::uint64_t>() > max) return fail(at + ": out of range (max " + std::to_string(max) + ")");
    out.push_back(e.get<std::uint64_t>());
  }
  return out;
}

template <class T, std::size_t N>
Outcome get_array(const json& j, const char* key, std::array<T, N>& out, const std::string& where) {
  auto v = get_uints(j, key, N, std::numeric_limits<T>::max(), where);
  if (!v) return fail(v.error());
  for (std::size_t i = 0; i < N; ++i) out[i] = static_cast<T>((*v)[i]);
  return done();
}

#define ROCE_TRY(expr)                              \
  do {                                              \
    auto roce_try_ = (expr);                        \
    if (!roce_try_) return fail(roce_try_.error()); \
  } while (0)

#define ROCE_UINT(dst, j, key, type, where)                                   \
  do {                                                                        \
    auto roce_v_ = get_uint(j, key, std::numeric_limits<type>::max(), where); \
    if (!roce_v_) return fail(roce_v_.error());                               \
    dst = static_cast<type>(*roce_v_);                                        \
  } while (0)

// An optional member: null when the source did not say, else the number (read back alike).
#define ROCE_OPTIONAL_UINT(dst, j, key, type, where) \
  do {                                               \
    if (j.contains(key) && j.at(key).is_null()) {    \
      dst.reset();                                   \
    } else {                                         \
      type roce_o_{};                                \
      ROCE_UINT(roce_o_, j, key, type, where);       \
      dst = roce_o_;                                 \
    }                                                \
  } while (0)

template <class T>
json optional_json(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

json pfc_json(const model::Pfc& p) {
  return {{"pfc_cap", optional_json(p.pfc_cap)},
          {"pfc_en", p.pfc_en},
          {"mbc", p.mbc},
          {"delay", p.delay},
          {"requests", p.requests},
          {"indications", p.indications}};
}
Expected<system::Value> pfc_from(const json& j, const std::string& w) {
  model::Pfc p;
  ROCE_OPTIONAL_UINT(p.pfc_cap, j, "pfc_cap", std::uint8_t, w);
  ROCE_UINT(p.pfc_en, j, "pfc_en", std::uint8_t, w);
  ROCE_UINT(p.mbc, j, "mbc", std::uint8_t, w);
  ROCE_UINT(p.delay, j, "delay", std::uint16_t, w);
  ROCE_TRY(get_array(j, "requests", p.requests, w));
  ROCE_TRY(get_array(j, "indications", p.indications, w));
  return system::Value{p};
}

json ets_json(const model::Ets& e) {
  return {{"willing", e.willing},          {"ets_cap", e.ets_cap},       {"cbs", e.cbs},
          {"tc_tx_bw", e.tc_tx_bw},        {"tc_rx_bw", e.tc_rx_bw},     {"tc_tsa", e.tc_tsa},
          {"prio_tc", e.prio_tc},          {"tc_reco_bw", e.tc_reco_bw}, {"tc_reco_tsa", e.tc_reco_tsa},
          {"reco_prio_tc", e.reco_prio_tc}};
}
Expected<system::Value> ets_from(const json& j, const std::string& w) {
  model::Ets e;
  auto willing = get_bool(j, "willing", w);
  if (!willing) return fail(willing.error());
  e.willing = *willing;
  auto cbs = get_bool(j, "cbs", w);
  if (!cbs) return fail(cbs.error());
  e.cbs = *cbs;
  ROCE_UINT(e.ets_cap, j, "ets_cap", std::uint8_t, w);
  ROCE_TRY(get_array(j, "tc_tx_bw", e.tc_tx_bw, w));
  ROCE_TRY(get_array(j, "tc_rx_bw", e.tc_rx_bw, w));
  ROCE_TRY(get_array(j, "tc_tsa", e.tc_tsa, w));
  ROCE_TRY(get_array(j, "prio_tc", e.prio_tc, w));
  ROCE_TRY(get_array(j, "tc_reco_bw", e.tc_reco_bw, w));
  ROCE_TRY(get_array(j, "tc_reco_tsa", e.tc_reco_tsa, w));
  ROCE_TRY(get_array(j, "reco_prio_tc", e.reco_prio_tc, w));
  return system::Value{e};
}

Expected<system::Value> buffer_from(const json& j, const std::string& w) {
  model::Buffer b;
  ROCE_TRY(get_array(j, "prio2buffer", b.prio2buffer, w));
  ROCE_TRY(get_array(j, "buffer_size", b.buffer_size, w));
  ROCE_OPTIONAL_UINT(b.total_size, j, "total_size", std::uint32_t, w);
  return system::Value{b};
}

Expected<system::Value> app_from(const json& j, const std::string& w) {
  if (!j.is_array()) return fail(w + ": not an array of APP entries");
  std::vector<model::AppEntry> out;
  for (std::size_t i = 0; i < j.size(); ++i) {
    const std::string at = w + "[" + std::to_string(i) + "]";
    if (!j[i].is_object()) return fail(at + ": not an object");
    model::AppEntry e;
    ROCE_UINT(e.selector, j[i], "selector", std::uint8_t, at);
    ROCE_UINT(e.priority, j[i], "priority", std::uint8_t, at);
    ROCE_UINT(e.protocol, j[i], "protocol", std::uint16_t, at);
    out.push_back(e);
  }
  return system::Value{std::move(out)};
}

Expected<system::Value> red_from(const json& j, const std::string& w) {
  model::RedParams r;
  ROCE_UINT(r.limit, j, "limit", std::uint32_t, w);
  ROCE_UINT(r.qth_min, j, "qth_min", std::uint32_t, w);
  ROCE_UINT(r.qth_max, j, "qth_max", std::uint32_t, w);
  ROCE_UINT(r.wlog, j, "wlog", std::uint8_t, w);
  ROCE_UINT(r.plog, j, "plog", std::uint8_t, w);
  ROCE_UINT(r.scell_log, j, "scell_log", std::uint8_t, w);
  ROCE_UINT(r.flags, j, "flags", std::uint8_t, w);
  auto it = j.find("max_p");
  if (it == j.end()) return fail(w + ": missing member \"max_p\"");
  if (!it->is_null()) {
    ROCE_UINT(r.max_p, j, "max_p", std::uint32_t, w);
  }
  return system::Value{r};
}

struct ToJson {
  json operator()(std::uint32_t v) const { return {{"type", "u32"}, {"value", v}}; }
  json operator()(const std::string& v) const { return {{"type", "string"}, {"value", v}}; }
  json operator()(const std::vector<std::uint8_t>& v) const { return {{"type", "bytes"}, {"value", v}}; }
  json operator()(const std::vector<model::AppEntry>& v) const {
    json a = json::array();
    for (const auto& e : v) a.push_back({{"selector", e.selector}, {"priority", e.priority}, {"protocol", e.protocol}});
    return {{"type", "app"}, {"value", a}};
  }
  json operator()(const model::Pfc& v) const { return {{"type", "pfc"}, {"value", pfc_json(v)}}; }
  json operator()(const model::Ets& v) const { return {{"type", "ets"}, {"value", ets_json(v)}}; }
  json operator()(const model::Buffer& v) const {
    return {{"type", "buffer"},
            {"value",
             {{"prio2buffer", v.prio2buffer},
              {"buffer_size", v.buffer_size},
              {"total_size", optional_json(v.total_size)}}}};
  }
  json operator()(const system::EcnEnable& v) const {
    return {{"type", "ecn"}, {"value", {{"np", v.np}, {"rp", v.rp}}}};
  }
  json operator()(const model::RedParams& v) const {
    json r = {{"limit", v.limit}, {"qth_min", v.qth_min},     {"qth_max", v.qth_max}, {"wlog", v.wlog},
              {"plog", v.plog},   {"scell_log", v.scell_log}, {"flags", v.flags}};
    r["max_p"] = v.max_p ? json(*v.max_p) : json(nullptr);
    return {{"type", "red"}, {"value", r}};
  }
};

// The part of a value the knob writes; read-only members are zeroed so == compares the setting.
system::Value setting_of(const system::Value& v) {
  system::Value out = v;
  if (auto* p = std::get_if<model::Pfc>(&out)) {
    p->pfc_cap.reset();
    p->requests = {};
    p->indications = {};
  } else if (auto* e = std::get_if<model::Ets>(&out)) {
    e->ets_cap = 0;
  } else if (auto* b = std::get_if<model::Buffer>(&out)) {
    b->total_size.reset();
  } else if (auto* r = std::get_if<model::RedParams>(&out)) {
    // Derived by the writer from the link speed (the idle table); the kernel never reports the
    // table, so a restore cannot reproduce the old one: not part of the setting.
    r->scell_log = 0;
  } else if (auto* a = std::get_if<std::vector<model::AppEntry>>(&out)) {
    std::sort(a->begin(), a->end(), [](const model::AppEntry& x, const model::AppEntry& y) {
      return std::tie(x.selector, x.protocol, x.priority) < std::tie(y.selector, y.protocol, y.priority);
    });
    a->erase(std::unique(a->begin(), a->end()), a->end());
  }
  return out;
}

}  // namespace

const char* knob_name(system::Knob knob) {
  for (const auto& [k, name] : kKnobs)
    if (k == knob) return name;
  return "unknown";
}

Expected<system::Knob> knob_from_name(const std::string& name) {
  for (const auto& [k, n] : kKnobs)
    if (name == n) return k;
  return fail("unknown knob \"" + name + "\"");
}

json object_to_json(const system::ObjectRef& o) {
  return {{"netdev", o.netdev}, {"knob", knob_name(o.knob)}, {"index", o.index}};
}

Expected<system::ObjectRef> object_from_json(const json& j, const std::string& w) {
  if (!j.is_object()) return fail(w + ": not an object");
  system::ObjectRef o;
  auto netdev = j.find("netdev");
  if (netdev == j.end() || !netdev->is_string()) return fail(w + ".netdev: missing or not a string");
  o.netdev = netdev->get<std::string>();
  auto knob = j.find("knob");
  if (knob == j.end() || !knob->is_string()) return fail(w + ".knob: missing or not a string");
  auto k = knob_from_name(knob->get<std::string>());
  if (!k) return fail(std::move(k.error()).context(w + ".knob"));
  o.knob = *k;
  ROCE_UINT(o.index, j, "index", std::uint32_t, w);
  return o;
}

json value_to_json(const system::Value& value) { return std::visit(ToJson{}, value); }

Expected<system::Value> value_from_json(const json& j, const std::string& w) {
  if (!j.is_object()) return fail(w + ": not an object");
  auto type = j.find("type");
  auto v = j.find("value");
  if (type == j.end() || !type->is_string()) return fail(w + ".type: missing or not a string");
  if (v == j.end()) return fail(w + ": missing member \"value\"");
  const std::string t = type->get<std::string>();
  const std::string at = w + ".value";
  if (t == "u32") {
    if (!v->is_number_unsigned() || v->get<std::uint64_t>() > std::numeric_limits<std::uint32_t>::max())
      return fail(at + ": not an unsigned 32-bit integer");
    return system::Value{static_cast<std::uint32_t>(v->get<std::uint64_t>())};
  }
  if (t == "string") {
    if (!v->is_string()) return fail(at + ": not a string");
    return system::Value{v->get<std::string>()};
  }
  if (t == "bytes") {
    auto bytes = get_uints(j, "value", 0, 255, w);
    if (!bytes) return fail(bytes.error());
    return system::Value{std::vector<std::uint8_t>(bytes->begin(), bytes->end())};
  }
  if (t == "app") return app_from(*v, at);
  if (!v->is_object()) return fail(at + ": not an object");
  if (t == "pfc") return pfc_from(*v, at);
  if (t == "ets") return ets_from(*v, at);
  if (t == "buffer") return buffer_from(*v, at);
  if (t == "red") return red_from(*v, at);
  if (t == "ecn") {
    auto np = get_bool(*v, "np", at);
    if (!np) return fail(np.error());
    auto rp = get_bool(*v, "rp", at);
    if (!rp) return fail(rp.error());
    return system::Value{system::EcnEnable{*np, *rp}};
  }
  return fail(w + ".type: unknown value type \"" + t + "\"");
}

std::string describe(const system::ObjectRef& o) {
  std::string s = o.netdev + " " + knob_name(o.knob);
  if (o.knob == system::Knob::nic_ecn || o.knob == system::Knob::red) s += " " + std::to_string(o.index);
  if (o.knob == system::Knob::dcb_app) s += " " + system::app_key_text(o.index);
  return s;
}

std::string describe(const system::Value& value) {
  json j = value_to_json(value)["value"];
  if (auto* p = std::get_if<model::Pfc>(&value))  // the setting, not the counters
    j = {{"pfc_en", p->pfc_en}, {"mbc", p->mbc}, {"delay", p->delay}};
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

bool same_setting(system::Knob, const system::Value& a, const system::Value& b) {
  return setting_of(a) == setting_of(b);
}

}  // namespace roce::apply
