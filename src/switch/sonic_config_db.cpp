// A SONiC switch's CONFIG_DB tables as the host model: its ports as netdevs, plus the switch facts.
#include "switch/sonic_config_db.hpp"

#include <algorithm>
#include <limits>
#include <set>

#include "switch/text_values.hpp"
#include "util/text.hpp"

namespace roce::switches {
namespace {

using model::Availability;
using model::Field;
using model::Provenance;

constexpr const char* kSource = "sonic-config-db";

// Reads one CONFIG_DB export; `warn` collects located warnings.
class Builder {
 public:
  Builder(const ConfigDbTables& t, const std::string& file) : t_(t), file_(file) {}

  Provenance at(const std::string& table, const std::string& key, const std::string& field = {}) const {
    return {kSource, file_ + " " + table + "|" + key + (field.empty() ? "" : " " + field)};
  }
  void warn(const Provenance& where, const std::string& what) { sw_.warnings.push_back(where.locator + ": " + what); }

  // The entries of a table whose key names this port, directly or in a "P1,P2|..." list; `rest`
  // is what follows the port list after '|' ("" for a key without one).
  template <class F>
  void for_port_entries(const std::string& table, const std::string& port, F&& f) const {
    auto it = t_.tables.find(table);
    if (it == t_.tables.end()) return;
    for (const auto& [key, fields] : it->second) {
      const auto bar = key.find('|');
      const std::string ports = key.substr(0, bar);
      const std::string rest = bar == std::string::npos ? std::string() : key.substr(bar + 1);
      for (const auto& p : split_list(ports, ','))
        if (p == port) f(key, rest, fields);
    }
  }

  template <class T>
  Field<T> number_field(const std::string& table, const std::string& key, const ConfigDbFields* fields,
                        const std::string& field, const std::string& why_absent) {
    const auto where = at(table, key, field);
    if (!fields || !fields->count(field)) return Field<T>::missing(Availability::absent, why_absent, where);
    auto v = parse_unsigned(fields->at(field));
    if (!v || *v > std::numeric_limits<T>::max()) {
      const std::string what = "\"" + fields->at(field) + "\" is not a number of range";
      warn(where, what);
      return Field<T>::missing(Availability::error, where.locator + ": " + what, where);
    }
    return Field<T>::of(static_cast<T>(*v), where);
  }

  // A map table entry ("26": "1") as an array, keys below `size`, values below 8.
  template <std::size_t N>
  Field<std::array<std::optional<std::uint8_t>, N>> read_map(const std::string& table, const std::string& name) {
    using Map = std::array<std::optional<std::uint8_t>, N>;
    const auto where = at(table, name);
    const auto* fields = t_.find(table, name);
    if (!fields) {
      warn(where, "the port binds map \"" + name + "\" but the export has no " + table + "|" + name);
      return Field<Map>::missing(Availability::absent, "no " + table + "|" + name + " in " + file_, where);
    }
    Map m{};
    for (const auto& [k, v] : *fields) {
      auto in = parse_unsigned(k), out = parse_unsigned(v);
      if (!in || !out || *in >= N || *out >= 8) {
        warn(at(table, name, k), "\"" + k + "\": \"" + v + "\" is out of range, skipped");
        continue;
      }
      m[*in] = static_cast<std::uint8_t>(*out);
    }
    return Field<Map>::of(m, where);
  }

  // A TC/priority map as PerPrio: an entry the map does not list maps to 0 (SAI's default).
  Field<model::PerPrio<std::uint8_t>> read_prio_map(const std::string& table, const Field<std::string>& name) {
    if (!name.ok()) return Field<model::PerPrio<std::uint8_t>>::missing(name.availability, name.cause, name.from);
    auto m = read_map<8>(table, *name);
    if (!m.ok()) return Field<model::PerPrio<std::uint8_t>>::missing(m.availability, m.cause, m.from);
    model::PerPrio<std::uint8_t> out{};
    for (int i = 0; i < 8; ++i) out[i] = (*m)[i].value_or(0);
    return Field<model::PerPrio<std::uint8_t>>::of(out, m.from);
  }

  Field<std::string> binding(const ConfigDbFields* qos, const std::string& key, const std::string& field) {
    const auto where = at("PORT_QOS_MAP", key, field);
    if (!qos || !qos->count(field) || qos->at(field).empty())
      return Field<std::string>::missing(Availability::absent, "no " + field + " in PORT_QOS_MAP|" + key, where);
    return Field<std::string>::of(reference_name(qos->at(field)), where);
  }

  std::vector<std::string> port_names() const {
    std::set<std::string> names;
    auto add_keys = [&](const char* table) {
      auto it = t_.tables.find(table);
      if (it == t_.tables.end()) return;
      for (const auto& [key, fields] : it->second)
        for (const auto& p : split_list(key.substr(0, key.find('|')), ','))
          if (p != "global" && p != "GLOBAL") names.insert(p);
    };
    for (const char* table : {"PORT", "PORT_QOS_MAP", "QUEUE", "BUFFER_PG", "BUFFER_QUEUE", "PFC_WD"}) add_keys(table);
    std::vector<std::string> out(names.begin(), names.end());
    std::sort(out.begin(), out.end(),
              [](const std::string& a, const std::string& b) { return port_order(a) < port_order(b); });
    return out;
  }

  void read_wred_profiles() {
    auto it = t_.tables.find("WRED_PROFILE");
    if (it == t_.tables.end()) return;
    for (const auto& [name, f] : it->second)
      sw_.wred_profiles.push_back(wred_from_fields(
          name, f, [&, n = name](const std::string& field) { return at("WRED_PROFILE", n, field); }, sw_.warnings));
  }

  // One port: its PORT entry, addresses and QoS bindings as the netdev and the switch port.
  void read_port(const std::string& name) {
    model::NetDev nd;
    model::SwitchPort sp;
    nd.name = sp.name = name;
    read_port_entry(nd, sp);
    nd.addresses = addresses_of(name);
    const QosEntry qos = qos_entry_of(name);
    read_qos_maps(qos, sp);
    read_pfc(qos, nd, sp);
    read_trust(qos, nd, sp);
    if (sp.tc_to_queue.ok()) {
      model::Ets ets;
      ets.prio_tc = *sp.tc_to_queue;
      nd.dcb.ets = Field<model::Ets>::of(ets, sp.tc_to_queue.from);
    } else {
      nd.dcb.ets = Field<model::Ets>::missing(sp.tc_to_queue.availability, sp.tc_to_queue.cause, sp.tc_to_queue.from);
    }
    nd.dcb.buffer = Field<model::Buffer>::missing(
        Availability::unsupported,
        "SONiC sizes ingress buffers per priority group (BUFFER_PG), not as a DCB buffer table", at("BUFFER_PG", name));

    sp.pfc_rx_frames = sp.pfc_tx_frames = Field<model::PerPrio<std::uint64_t>>::missing(
        Availability::absent, "no `show pfc counters` export for this switch", at("PORT", name));
    read_cable(sp);
    read_queues(sp);
    read_pgs(sp);
    read_watchdog(sp);
    nd.qdiscs = Field<std::vector<model::Qdisc>>::of(red_qdiscs(sw_, sp), at("QUEUE", name));
    sw_.host.netdevs.push_back(std::move(nd));
    sw_.ports.push_back(std::move(sp));
  }

  // PORT|name: MTU, speed, alias, description; what a configuration cannot say, as absent.
  void read_port_entry(model::NetDev& nd, model::SwitchPort& sp) {
    const std::string& name = sp.name;
    const auto* port = t_.find("PORT", name);
    const std::string no_port = "no PORT|" + name + " in " + file_;
    nd.mtu = number_field<std::uint32_t>("PORT", name, port, "mtu", port ? "no mtu in PORT|" + name : no_port);
    auto speed = number_field<std::uint32_t>("PORT", name, port, "speed", port ? "no speed in PORT|" + name : no_port);
    if (speed.ok())
      nd.link = Field<model::LinkSettings>::of({.speed_mbps = *speed, .duplex = "full", .autoneg = false, .lanes = {}},
                                               speed.from);
    else
      nd.link = Field<model::LinkSettings>::missing(speed.availability, speed.cause, speed.from);
    auto text_field = [&](const char* field) {
      if (port && port->count(field)) return Field<std::string>::of(port->at(field), at("PORT", name, field));
      return Field<std::string>::missing(Availability::absent, port ? std::string("no ") + field : no_port,
                                         at("PORT", name, field));
    };
    sp.alias = text_field("alias");
    sp.description = text_field("description");
    nd.operstate = Field<std::string>::missing(Availability::absent, "a configuration export has no operational state",
                                               at("PORT", name));
    nd.mac = Field<std::string>::missing(Availability::absent, "CONFIG_DB holds no per-port MAC", at("PORT", name));
  }

  // The addresses of INTERFACE|name|ADDRESS keys.
  Field<std::vector<std::string>> addresses_of(const std::string& name) const {
    std::vector<std::string> addresses;
    for_port_entries("INTERFACE", name, [&](const std::string&, const std::string& rest, const ConfigDbFields&) {
      if (!rest.empty()) addresses.push_back(rest);
    });
    return Field<std::vector<std::string>>::of(addresses, at("INTERFACE", name));
  }

  // The port's PORT_QOS_MAP entry (its own, or one of a "P1,P2" key), and the global one.
  struct QosEntry {
    const ConfigDbFields* fields = nullptr;
    std::string key;
    std::string port;
    const ConfigDbFields* global = nullptr;
  };

  QosEntry qos_entry_of(const std::string& name) const {
    QosEntry qos{nullptr, name, name, t_.find("PORT_QOS_MAP", "global")};
    for_port_entries("PORT_QOS_MAP", name, [&](const std::string& key, const std::string&, const ConfigDbFields& f) {
      qos.fields = &f;
      qos.key = key;
    });
    return qos;
  }

  // The maps the port binds, by name and as read: a map it does not bind comes from the global entry.
  void read_qos_maps(const QosEntry& qos, model::SwitchPort& sp) {
    sp.dscp_to_tc_name = binding(qos.fields, qos.key, "dscp_to_tc_map");
    if (!sp.dscp_to_tc_name.ok() && qos.global) sp.dscp_to_tc_name = binding(qos.global, "global", "dscp_to_tc_map");
    sp.tc_to_queue_name = binding(qos.fields, qos.key, "tc_to_queue_map");
    sp.tc_to_pg_name = binding(qos.fields, qos.key, "tc_to_pg_map");
    sp.pfc_to_queue_name = binding(qos.fields, qos.key, "pfc_to_queue_map");
    if (sp.dscp_to_tc_name.ok()) {
      sp.dscp_to_tc = read_map<64>("DSCP_TO_TC_MAP", *sp.dscp_to_tc_name);
    } else {
      sp.dscp_to_tc = Field<model::DscpMap>::missing(sp.dscp_to_tc_name.availability, sp.dscp_to_tc_name.cause,
                                                     sp.dscp_to_tc_name.from);
    }
    sp.tc_to_queue = read_prio_map("TC_TO_QUEUE_MAP", sp.tc_to_queue_name);
    sp.tc_to_pg = read_prio_map("TC_TO_PRIORITY_GROUP_MAP", sp.tc_to_pg_name);
    sp.pfc_prio_to_queue = read_prio_map("MAP_PFC_PRIORITY_TO_QUEUE", sp.pfc_to_queue_name);
  }

  // A priority list field of the port's PORT_QOS_MAP entry ("3,4") as a mask.
  Field<std::uint8_t> priority_mask(const QosEntry& qos, const char* field) {
    const auto where = at("PORT_QOS_MAP", qos.key, field);
    if (!qos.fields || !qos.fields->count(field))
      return Field<std::uint8_t>::missing(Availability::absent,
                                          qos.fields ? std::string("no ") + field + " in PORT_QOS_MAP|" + qos.key
                                                     : "no PORT_QOS_MAP|" + qos.port + " in " + file_,
                                          where);
    auto m = parse_priority_mask(qos.fields->at(field));
    if (!m) {
      warn(where, "\"" + qos.fields->at(field) + "\" is not a list of priorities 0-7");
      return Field<std::uint8_t>::missing(Availability::error, where.locator + ": not a list of priorities", where);
    }
    return Field<std::uint8_t>::of(*m, where);
  }

  // SONiC (swss qosorch) enables PFC on no priority of a port without pfc_enable, and runs the PFC
  // watchdog on no queue without pfcwd_sw_enable, whether the entry or only the field is missing.
  void read_pfc(const QosEntry& qos, model::NetDev& nd, model::SwitchPort& sp) {
    auto pfc_enable = priority_mask(qos, "pfc_enable");
    sp.pfcwd_sw_enable = priority_mask(qos, "pfcwd_sw_enable");
    if (pfc_enable.ok() || pfc_enable.availability == Availability::absent)
      nd.dcb.pfc = Field<model::Pfc>::of({.pfc_cap = 8, .pfc_en = pfc_enable.value.value_or(0)}, pfc_enable.from);
    else
      nd.dcb.pfc = Field<model::Pfc>::missing(pfc_enable.availability, pfc_enable.cause, pfc_enable.from);
  }

  // What the port trusts (DSCP when it binds a DSCP map, else PCP when it binds a dot1p one) and its
  // DSCP map as DCB APP entries.
  void read_trust(const QosEntry& qos, model::NetDev& nd, const model::SwitchPort& sp) {
    if (sp.dscp_to_tc.ok()) {
      nd.trust = Field<std::string>::of("dscp", sp.dscp_to_tc_name.from);
      std::vector<model::AppEntry> app;
      for (int d = 0; d < 64; ++d)
        if ((*sp.dscp_to_tc)[d])
          app.push_back({model::kAppSelDscp, *(*sp.dscp_to_tc)[d], static_cast<std::uint16_t>(d)});
      nd.dcb.app = Field<std::vector<model::AppEntry>>::of(app, sp.dscp_to_tc.from);
    } else if (qos.fields && qos.fields->count("dot1p_to_tc_map")) {
      nd.trust = Field<std::string>::of("pcp", at("PORT_QOS_MAP", qos.key, "dot1p_to_tc_map"));
      nd.dcb.app = Field<std::vector<model::AppEntry>>::missing(Availability::absent, "the port trusts PCP",
                                                                sp.dscp_to_tc_name.from);
    } else {
      nd.trust = Field<std::string>::missing(sp.dscp_to_tc_name.availability, sp.dscp_to_tc_name.cause,
                                             sp.dscp_to_tc_name.from);
      nd.dcb.app = Field<std::vector<model::AppEntry>>::missing(sp.dscp_to_tc.availability, sp.dscp_to_tc.cause,
                                                                sp.dscp_to_tc.from);
    }
  }

  void read_cable(model::SwitchPort& sp) {
    auto it = t_.tables.find("CABLE_LENGTH");
    const auto where = at("CABLE_LENGTH", "AZURE", sp.name);
    sp.cable_m = Field<std::uint32_t>::missing(Availability::absent, "no CABLE_LENGTH entry for " + sp.name, where);
    if (it == t_.tables.end()) return;
    for (const auto& [key, fields] : it->second) {
      if (!fields.count(sp.name)) continue;
      const auto w = at("CABLE_LENGTH", key, sp.name);
      std::string text(util::trim(fields.at(sp.name)));
      if (!text.empty() && text.back() == 'm') text.pop_back();
      auto m = parse_unsigned(text);
      if (!m || *m > 100000) {
        warn(w, "\"" + fields.at(sp.name) + "\" is not a length in metres (\"5m\")");
        sp.cable_m = Field<std::uint32_t>::missing(Availability::error, w.locator + ": not a length", w);
      } else {
        sp.cable_m = Field<std::uint32_t>::of(static_cast<std::uint32_t>(*m), w);
      }
    }
  }

  void read_queues(model::SwitchPort& sp) {
    for_port_entries("QUEUE", sp.name, [&](const std::string& key, const std::string& rest, const ConfigDbFields& f) {
      auto range = parse_range(rest);
      if (!range || range->second > 15) {
        warn(at("QUEUE", key), "\"" + rest + "\" is not a queue or queue range");
        return;
      }
      for (int q = range->first; q <= range->second; ++q) {
        model::SwitchQueue queue;
        queue.index = q;
        auto field = [&](const char* name) {
          if (f.count(name)) return Field<std::string>::of(reference_name(f.at(name)), at("QUEUE", key, name));
          return Field<std::string>::missing(Availability::absent, std::string("no ") + name + " in QUEUE|" + key,
                                             at("QUEUE", key, name));
        };
        queue.wred_profile = field("wred_profile");
        queue.scheduler = field("scheduler");
        auto existing = std::find_if(sp.queues.begin(), sp.queues.end(), [&](auto& x) { return x.index == q; });
        if (existing != sp.queues.end())
          *existing = std::move(queue);
        else
          sp.queues.push_back(std::move(queue));
      }
    });
    std::sort(sp.queues.begin(), sp.queues.end(), [](auto& a, auto& b) { return a.index < b.index; });
  }

  void read_pgs(model::SwitchPort& sp) {
    for_port_entries(
        "BUFFER_PG", sp.name, [&](const std::string& key, const std::string& rest, const ConfigDbFields& f) {
          auto range = parse_range(rest);
          if (!range || range->second > 15) {
            warn(at("BUFFER_PG", key), "\"" + rest + "\" is not a priority group or range");
            return;
          }
          if (!f.count("profile")) return;
          const std::string profile = reference_name(f.at("profile"));
          const auto* prof = t_.find("BUFFER_PROFILE", profile);
          const bool lossless =
              profile == "NULL" || (prof && prof->count("xoff")) || profile.find("lossless") != std::string::npos;
          if (!lossless) return;
          model::SwitchPg pg;
          pg.first = range->first;
          pg.last = range->second;
          pg.profile = profile;
          pg.from = at("BUFFER_PG", key, "profile");
          const std::string why = profile == "NULL"
                                      ? "sized by the dynamic buffer manager (profile NULL): not in CONFIG_DB"
                                      : "no BUFFER_PROFILE|" + profile + " in " + file_;
          pg.xon_bytes = number_field<std::uint64_t>("BUFFER_PROFILE", profile, prof, "xon", prof ? "no xon" : why);
          pg.xoff_bytes = number_field<std::uint64_t>("BUFFER_PROFILE", profile, prof, "xoff", prof ? "no xoff" : why);
          pg.size_bytes = number_field<std::uint64_t>("BUFFER_PROFILE", profile, prof, "size", prof ? "no size" : why);
          pg.static_th_bytes =
              number_field<std::uint64_t>("BUFFER_PROFILE", profile, prof, "static_th", prof ? "no static_th" : why);
          pg.dynamic_th = dynamic_th(profile, prof, prof ? "no dynamic_th" : why);
          const std::string pool = prof && prof->count("pool") ? reference_name(prof->at("pool")) : "";
          const auto* pool_fields = t_.find("BUFFER_POOL", pool);
          pg.pool_bytes = number_field<std::uint64_t>("BUFFER_POOL", pool, pool_fields, "size",
                                                      !prof          ? why
                                                      : pool.empty() ? "no pool in BUFFER_PROFILE|" + profile
                                                                     : "no BUFFER_POOL|" + pool + " size");
          sp.lossless_pgs.push_back(std::move(pg));
        });
  }

  // BUFFER_PROFILE dynamic_th: a signed exponent -8..7 (alpha = 2^n).
  Field<std::int32_t> dynamic_th(const std::string& profile, const ConfigDbFields* prof,
                                 const std::string& why_absent) {
    const auto where = at("BUFFER_PROFILE", profile, "dynamic_th");
    if (!prof || !prof->count("dynamic_th"))
      return Field<std::int32_t>::missing(Availability::absent, why_absent, where);
    std::string text(util::trim(prof->at("dynamic_th")));
    const bool negative = !text.empty() && text[0] == '-';
    auto v = parse_unsigned(negative ? text.substr(1) : text);
    if (!v || *v > (negative ? 8u : 7u)) {
      const std::string what = "\"" + prof->at("dynamic_th") + "\" is not an exponent -8..7";
      warn(where, what);
      return Field<std::int32_t>::missing(Availability::error, where.locator + ": " + what, where);
    }
    return Field<std::int32_t>::of(negative ? -static_cast<std::int32_t>(*v) : static_cast<std::int32_t>(*v), where);
  }

  void read_watchdog(model::SwitchPort& sp) {
    const auto* f = t_.find("PFC_WD", sp.name);
    const auto where = at("PFC_WD", sp.name);
    if (!f) {
      sp.pfcwd = Field<model::SwitchPfcWatchdog>::missing(Availability::absent, "no PFC_WD|" + sp.name + " in " + file_,
                                                          where);
      return;
    }
    model::SwitchPfcWatchdog wd;
    wd.action = f->count("action") ? f->at("action") : "drop";
    auto ms = [&](const char* field) -> std::optional<std::uint32_t> {
      if (!f->count(field)) return std::nullopt;
      auto v = parse_unsigned(f->at(field));
      if (!v || *v > 3600000) {
        warn(at("PFC_WD", sp.name, field), "\"" + f->at(field) + "\" is not milliseconds");
        return std::nullopt;
      }
      return static_cast<std::uint32_t>(*v);
    };
    wd.detection_ms = ms("detection_time");
    wd.restoration_ms = ms("restoration_time");
    sp.pfcwd = Field<model::SwitchPfcWatchdog>::of(wd, where);
  }

  Expected<model::Switch> build() {
    sw_.vendor = "sonic";
    sw_.source = "CONFIG_DB (" + t_.shape + ")";
    sw_.host.from = {kSource, file_};
    sw_.warnings = t_.warnings;
    const auto* meta = t_.find("DEVICE_METADATA", "localhost");
    if (meta && meta->count("hostname")) {
      sw_.host.hostname = meta->at("hostname");
    } else {
      sw_.host.hostname = file_;
      warn(at("DEVICE_METADATA", "localhost", "hostname"), "no hostname: the switch is named by its file");
    }
    read_wred_profiles();
    for (const char* table : {"PORT_QOS_MAP", "DSCP_TO_TC_MAP"}) {
      auto it = t_.tables.find(table);
      if (it == t_.tables.end()) continue;
      sw_.config_keys.push_back(table);
      for (const auto& entry : it->second) sw_.config_keys.push_back(std::string(table) + "|" + entry.first);
    }
    for (const auto& name : port_names()) read_port(name);
    if (sw_.ports.empty())
      return fail(file_ +
                      ": a CONFIG_DB export without any port (no PORT, PORT_QOS_MAP, QUEUE, BUFFER_PG, BUFFER_QUEUE or "
                      "PFC_WD entry)",
                  "give the whole config_db.json of the switch, not a fragment without ports");
    return std::move(sw_);
  }

 private:
  const ConfigDbTables& t_;
  const std::string& file_;
  model::Switch sw_;
};

}  // namespace

model::SwitchWred wred_from_fields(const std::string& name, const ConfigDbFields& f,
                                   const std::function<model::Provenance(const std::string&)>& at,
                                   std::vector<std::string>& warnings) {
  model::SwitchWred w;
  w.name = name;
  w.ecn = f.count("ecn") ? Field<std::string>::of(std::string(util::trim(f.at("ecn"))), at("ecn"))
                         : Field<std::string>::of("ecn_none", at("ecn"));  // the YANG default
  const auto en = at("wred_green_enable");
  if (!f.count("wred_green_enable"))
    w.green_enable = Field<bool>::of(false, en);  // SAI's default: WRED (and its ECN marking) off
  else if (auto b = parse_bool(f.at("wred_green_enable")))
    w.green_enable = Field<bool>::of(*b, en);
  else {
    warnings.push_back(en.locator + ": \"" + f.at("wred_green_enable") + "\" is not true/false");
    w.green_enable = Field<bool>::missing(Availability::error, en.locator + ": not true/false", en);
  }
  auto number = [&](const char* field, std::uint64_t max) -> Field<std::uint64_t> {
    const auto where = at(field);
    if (!f.count(field)) return Field<std::uint64_t>::missing(Availability::absent, std::string("no ") + field, where);
    auto v = parse_unsigned(f.at(field));
    if (!v || *v > max) {
      const std::string what = "\"" + f.at(field) + "\" is not a number of range";
      warnings.push_back(where.locator + ": " + what);
      return Field<std::uint64_t>::missing(Availability::error, where.locator + ": " + what, where);
    }
    return Field<std::uint64_t>::of(*v, where);
  };
  w.green_min_bytes = number("green_min_threshold", std::numeric_limits<std::uint64_t>::max());
  w.green_max_bytes = number("green_max_threshold", std::numeric_limits<std::uint64_t>::max());
  if (f.count("green_drop_probability")) {
    auto p = number("green_drop_probability", std::numeric_limits<std::uint32_t>::max());
    w.green_drop_percent = p.ok() ? Field<std::uint32_t>::of(static_cast<std::uint32_t>(*p), p.from)
                                  : Field<std::uint32_t>::missing(p.availability, p.cause, p.from);
  } else {
    w.green_drop_percent = Field<std::uint32_t>::of(100, at("green_drop_probability"));
  }
  return w;
}

std::vector<model::Qdisc> red_qdiscs(const model::Switch& sw, const model::SwitchPort& sp) {
  std::vector<model::Qdisc> out;
  model::Qdisc root;
  root.kind = "ets";
  root.handle = 1u << 16;
  root.parent = model::kTcRoot;
  root.offloaded = true;
  root.bands = 8;
  if (sp.tc_to_queue.ok()) root.priomap.assign(sp.tc_to_queue->begin(), sp.tc_to_queue->end());
  out.push_back(root);
  for (const auto& q : sp.queues) {
    if (!q.wred_profile.ok() || q.index >= 8) continue;
    const auto* w = sw.wred(*q.wred_profile);
    if (!w || !w->green_enable.ok() || !*w->green_enable) continue;
    if (!w->green_min_bytes.ok() || !w->green_max_bytes.ok()) continue;
    if (*w->green_max_bytes > 0xffffffffu) continue;
    model::Qdisc red;
    red.kind = "red";
    red.handle = static_cast<std::uint32_t>(0x100 + q.index) << 16;
    red.parent = (1u << 16) | static_cast<std::uint32_t>(q.index + 1);
    red.offloaded = true;
    model::RedParams p;
    p.qth_min = static_cast<std::uint32_t>(*w->green_min_bytes);
    p.qth_max = static_cast<std::uint32_t>(*w->green_max_bytes);
    p.limit = p.qth_max;
    p.flags = w->marks_green() ? 1 : 0;
    if (w->green_drop_percent.ok())
      p.max_p = static_cast<std::uint32_t>(std::min<std::uint64_t>(
          0xffffffffu, static_cast<std::uint64_t>(*w->green_drop_percent) * 0x100000000ull / 100));
    red.red = p;
    out.push_back(red);
  }
  return out;
}

Expected<model::Switch> switch_from_config_db(const ConfigDbTables& tables, const std::string& file) {
  return Builder(tables, file).build();
}

Expected<model::Switch> read_sonic_config_db(std::string_view text, const std::string& file) {
  auto tables = read_config_db_tables(text, file);
  if (!tables) return fail(std::move(tables.error()));
  return switch_from_config_db(*tables, file);
}

}  // namespace roce::switches
