// The model file's TOML -> SimModel. toml++ may throw; this edge catches and reports every error
// as FILE:LINE:COL: message, collecting all of them before failing once.
#include <toml++/toml.h>
#include <algorithm>
#include <set>
#include <sstream>

#include "profile/toml_errors.hpp"
#include "sim/sim_model.hpp"

namespace roce::sim {
namespace {

// A netdev or counter name the model file may hold: letters, digits, '.', '_' and '-'. The
// simulator writes these names back as TOML keys, and toml++ (3.3) writes a key holding a quote, a
// control character or a byte that is not UTF-8 so that it does not read back.
bool sim_writable_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
  });
}

const char* tsa_name(std::uint8_t tsa) {
  switch (tsa) {
    case 0: return "strict";
    case 1: return "cbs";
    case 2: return "ets";
    default: return "vendor";
  }
}

class Reader : profile::TomlFields {
 public:
  explicit Reader(const std::string& file) : TomlFields(file) {}

  Expected<SimModel> run(const toml::table& root) {
    allow(root, "", {"host", "port", "state"});
    if (auto* t = table(root, "host")) {
      allow(*t, "host", {"name", "kernel", "start_unix_ms"});
      str(*t, "name", m_.hostname);
      str(*t, "kernel", m_.kernel);
      if (auto* n = t->get("start_unix_ms")) m_.start_unix_ms = integer(*n, "host.start_unix_ms", 0, INT64_MAX / 2);
    }
    if (auto* n = root.get("port")) {
      if (auto* arr = n->as_array()) {
        for (auto& e : *arr) {
          if (auto* t = e.as_table())
            port(*t);
          else
            error(e.source(), "each [[port]] must be a table");
        }
      } else {
        error(n->source(), "'port' must be an array of tables ([[port]])");
      }
    }
    if (m_.ports.empty() && errors().empty()) error(root.source(), "the model has no [[port]]");
    if (auto* t = table(root, "state")) state(*t);
    if (!errors().empty()) return fail(errors().text(), "examples/sim/README.md documents every key of a model file");
    return m_;
  }

 private:
  void str(const toml::table& t, std::string_view key, std::string& out) {
    auto* n = t.get(key);
    if (!n) return;
    if (auto* s = n->as_string())
      out = s->get();
    else
      error(n->source(), "'" + std::string(key) + "' must be a string");
  }

  template <class T>
  void uint_key(const toml::table& t, std::string_view key, T& out, std::int64_t lo, std::int64_t hi,
                const std::string& path) {
    if (auto* n = t.get(key)) out = static_cast<T>(integer(*n, path + "." + std::string(key), lo, hi));
  }

  std::vector<std::int64_t> ints(const toml::node& n, const std::string& what, std::int64_t lo, std::int64_t hi) {
    std::vector<std::int64_t> out;
    auto* arr = n.as_array();
    if (!arr) {
      error(n.source(), what + " must be an array of integers");
      return out;
    }
    for (auto& e : *arr) out.push_back(integer(e, what, lo, hi));
    return out;
  }

  template <class T, std::size_t N>
  void eight(const toml::table& t, std::string_view key, std::array<T, N>& out, std::int64_t hi,
             const std::string& path) {
    auto* n = t.get(key);
    if (!n) return;
    auto v = ints(*n, path + "." + std::string(key), 0, hi);
    if (n->is_array() && v.size() != N) {
      error(n->source(),
            path + "." + std::string(key) + " needs " + std::to_string(N) + " values, has " + std::to_string(v.size()));
      return;
    }
    for (std::size_t i = 0; i < v.size() && i < N; ++i) out[i] = static_cast<T>(v[i]);
  }

  std::uint8_t prio_mask(const toml::table& t, std::string_view key, const std::string& path) {
    auto* n = t.get(key);
    if (!n) return 0;
    std::uint8_t mask = 0;
    for (auto p : ints(*n, path + "." + std::string(key), 0, 7)) mask |= static_cast<std::uint8_t>(1u << p);
    return mask;
  }

  void port(const toml::table& t) {
    const std::string path = "port";
    allow(t, path,
          {"netdev",       "rdma",          "driver",    "speed_mbps", "cable_m",   "mtu",         "trust",
           "dscp_prio",    "dscp_unlisted", "apptrust",  "pfc_enable", "pfc_delay", "prio2buffer", "buffer_size",
           "buffer_total", "ets_prio_tc",   "ets_tc_bw", "ets_tc_tsa", "ecn_np",    "ecn_rp",      "load"});
    SimPort p;
    p.ets.ets_cap = 8;
    p.ets.prio_tc = {1, 0, 2, 3, 4, 5, 6, 7};  // mlx5 default
    for (auto& tsa : p.ets.tc_tsa) tsa = static_cast<std::uint8_t>(model::Tsa::vendor);
    port_identity(t, p, path);
    port_dscp_prio(t, p);
    port_dscp_unlisted(t, p);
    port_apptrust(t, p);
    port_queues(t, p, path);
    port_loads(t, p);
    m_.ports.push_back(std::move(p));
  }

  void port_identity(const toml::table& t, SimPort& p, const std::string& path) {
    str(t, "netdev", p.netdev);
    if (p.netdev.empty())
      error(t.source(), "[[port]] needs 'netdev'");
    else if (!sim_writable_name(p.netdev))
      error(t.get("netdev")->source(), "port.netdev \"" + p.netdev + "\" must be letters, digits, '.', '_' or '-'");
    else if (m_.port(p.netdev))
      error(t.source(), "port " + p.netdev + " is listed twice");
    str(t, "rdma", p.rdma);
    str(t, "driver", p.driver);
    if (p.driver != "mlx5_core")
      if (auto* n = t.get("driver")) error(n->source(), "driver \"" + p.driver + "\" is not modelled (only mlx5_core)");
    uint_key(t, "speed_mbps", p.speed_mbps, 1000, 800000, path);
    uint_key(t, "cable_m", p.cable_m, 0, 10000, path);
    uint_key(t, "mtu", p.mtu, 68, 9978, path);
    str(t, "trust", p.trust);
    if (p.trust != "pcp" && p.trust != "dscp")
      if (auto* n = t.get("trust")) error(n->source(), "port.trust must be \"pcp\" or \"dscp\"");
  }

  void port_dscp_prio(const toml::table& t, SimPort& p) {
    if (auto* n = t.get("dscp_prio")) {
      if (auto* m = n->as_table()) {
        for (auto&& [k, v] : *m) {
          int dscp = -1;
          std::istringstream in{std::string(k.str())};
          if (!(in >> dscp) || !in.eof() || dscp < 0 || dscp > 63)
            error(k.source(), "port.dscp_prio key '" + std::string(k.str()) + "' must be a DSCP value 0..63");
          else
            p.dscp_prio[static_cast<std::uint8_t>(dscp)] =
                static_cast<std::uint8_t>(integer(v, "port.dscp_prio." + std::string(k.str()), 0, 7));
        }
      } else {
        error(n->source(), "port.dscp_prio must be a table of DSCP = priority");
      }
    }
  }

  void port_dscp_unlisted(const toml::table& t, SimPort& p) {
    if (auto* n = t.get("dscp_unlisted")) {
      if (auto* arr = n->as_array()) {
        for (auto& e : *arr) p.dscp_unlisted.insert(static_cast<std::uint8_t>(integer(e, "port.dscp_unlisted", 0, 63)));
      } else {
        error(n->source(), "port.dscp_unlisted must be an array of DSCP values 0..63");
      }
    }
  }

  void port_apptrust(const toml::table& t, SimPort& p) {
    if (auto* n = t.get("apptrust")) {
      std::vector<std::uint8_t> sel;
      if (auto* arr = n->as_array()) {
        for (auto& e : *arr) {
          auto* s = e.as_string();
          if (s && s->get() == "dscp")
            sel.push_back(model::kAppSelDscp);
          else if (s && s->get() == "pcp")
            sel.push_back(model::kAppSelPcp);
          else
            error(e.source(), "port.apptrust entries must be \"dscp\" or \"pcp\"");
        }
      } else {
        error(n->source(), "port.apptrust must be an array of \"dscp\" / \"pcp\"");
      }
      p.apptrust = sel;
    }
  }

  void port_queues(const toml::table& t, SimPort& p, const std::string& path) {
    p.pfc_en = prio_mask(t, "pfc_enable", path);
    uint_key(t, "pfc_delay", p.pfc_delay, 0, 65535, path);
    eight(t, "prio2buffer", p.buffer.prio2buffer, 7, path);
    eight(t, "buffer_size", p.buffer.buffer_size, UINT32_MAX, path);
    std::uint32_t total = 0;
    uint_key(t, "buffer_total", total, 0, UINT32_MAX, path);
    p.buffer.total_size = total;
    eight(t, "ets_prio_tc", p.ets.prio_tc, 7, path);
    eight(t, "ets_tc_bw", p.ets.tc_tx_bw, 100, path);
    p.ets.tc_rx_bw = p.ets.tc_tx_bw;
    port_ets_tsa(t, p);
    p.ecn_np = prio_mask(t, "ecn_np", path);
    p.ecn_rp = prio_mask(t, "ecn_rp", path);
  }

  void port_ets_tsa(const toml::table& t, SimPort& p) {
    if (auto* n = t.get("ets_tc_tsa")) {
      auto* arr = n->as_array();
      if (!arr || arr->size() != 8) {
        error(n->source(), "port.ets_tc_tsa needs 8 of \"strict\" / \"ets\" / \"vendor\"");
      } else {
        for (std::size_t i = 0; i < 8; ++i) {
          auto* s = (*arr)[i].as_string();
          const std::string v = s ? s->get() : "";
          if (v == "strict")
            p.ets.tc_tsa[i] = 0;
          else if (v == "cbs")
            p.ets.tc_tsa[i] = 1;
          else if (v == "ets")
            p.ets.tc_tsa[i] = 2;
          else if (v == "vendor")
            p.ets.tc_tsa[i] = 255;
          else
            error((*arr)[i].source(), "port.ets_tc_tsa entries must be \"strict\", \"ets\" or \"vendor\"");
        }
      }
    }
  }

  void port_loads(const toml::table& t, SimPort& p) {
    if (auto* n = t.get("load")) {
      if (auto* arr = n->as_array()) {
        for (auto& e : *arr) {
          if (auto* lt = e.as_table())
            load(*lt, p);
          else
            error(e.source(), "each [[port.load]] must be a table");
        }
      } else {
        error(n->source(), "port.load must be an array of tables ([[port.load]])");
      }
    }
  }

  void load(const toml::table& t, SimPort& p) {
    const std::string path = "port.load";
    allow(t, path, {"dscp", "pcp", "gbps", "incast", "message_bytes"});
    LoadClass c;
    uint_key(t, "dscp", c.dscp, 0, 63, path);
    uint_key(t, "pcp", c.pcp, 0, 7, path);
    if (auto* n = t.get("gbps")) c.gbps = number(*n, "port.load.gbps", 0, 1000);
    uint_key(t, "incast", c.incast, 1, 4096, path);
    uint_key(t, "message_bytes", c.message_bytes, 1, 1u << 30, path);
    p.load.push_back(c);
  }

  void state(const toml::table& t) {
    allow(t, "state", {"clock_ns", "counters"});
    if (auto* n = t.get("clock_ns"))
      m_.clock_ns = static_cast<std::uint64_t>(integer(*n, "state.clock_ns", 0, INT64_MAX));
    auto* c = table(t, "counters");
    if (!c) return;
    for (auto&& [k, v] : *c) {
      const std::string netdev(k.str());
      SimPort* p = m_.port(netdev);
      if (!p) {
        error(k.source(), "[state.counters] names port '" + netdev + "', which no [[port]] has");
        continue;
      }
      auto* counters = v.as_table();
      if (!counters) {
        error(v.source(), "state.counters." + netdev + " must be a table of counter = value");
        continue;
      }
      for (auto&& [name, value] : *counters) {
        if (!sim_writable_name(name.str())) {
          error(name.source(), "counter \"" + std::string(name.str()) + "\" must be letters, digits, '.', '_' or '-'");
          continue;
        }
        p->counters[std::string(name.str())] =
            static_cast<std::uint64_t>(integer(value, "counter " + std::string(name.str()), 0, INT64_MAX));
      }
    }
  }

  SimModel m_;
};

toml::array int_array(const auto& values) {
  toml::array a;
  for (auto v : values) a.push_back(static_cast<std::int64_t>(v));
  return a;
}

toml::array prio_list(std::uint8_t mask) {
  toml::array a;
  for (int p = 0; p < 8; ++p)
    if ((mask >> p) & 1) a.push_back(p);
  return a;
}

}  // namespace

Expected<SimModel> parse_sim_model(std::string_view text, const std::string& file) {
  toml::table root;
  try {
    root = toml::parse(text, file);
  } catch (const toml::parse_error& e) {
    return fail(profile::parse_error_text(file, e), "examples/sim/README.md documents the model file");
  }
  return Reader(file).run(root);
}

std::string render_sim_model(const SimModel& m) {
  toml::table root;
  root.insert("host", toml::table{{"name", m.hostname}, {"kernel", m.kernel}, {"start_unix_ms", m.start_unix_ms}});
  toml::array ports;
  toml::table counters;
  for (const auto& p : m.ports) {
    toml::table t{{"netdev", p.netdev},
                  {"rdma", p.rdma},
                  {"driver", p.driver},
                  {"speed_mbps", static_cast<std::int64_t>(p.speed_mbps)},
                  {"cable_m", static_cast<std::int64_t>(p.cable_m)},
                  {"mtu", static_cast<std::int64_t>(p.mtu)},
                  {"trust", p.trust},
                  {"pfc_enable", prio_list(p.pfc_en)},
                  {"pfc_delay", static_cast<std::int64_t>(p.pfc_delay)},
                  {"prio2buffer", int_array(p.buffer.prio2buffer)},
                  {"buffer_size", int_array(p.buffer.buffer_size)},
                  {"buffer_total", static_cast<std::int64_t>(p.buffer.total_size.value_or(0))},
                  {"ets_prio_tc", int_array(p.ets.prio_tc)},
                  {"ets_tc_bw", int_array(p.ets.tc_tx_bw)},
                  {"ecn_np", prio_list(p.ecn_np)},
                  {"ecn_rp", prio_list(p.ecn_rp)}};
    toml::array tsa;
    for (auto v : p.ets.tc_tsa) tsa.push_back(tsa_name(v));
    t.insert("ets_tc_tsa", tsa);
    toml::table map;
    for (auto [dscp, prio] : p.dscp_prio) map.insert(std::to_string(dscp), static_cast<std::int64_t>(prio));
    t.insert("dscp_prio", map);
    if (!p.dscp_unlisted.empty()) {
      toml::array unlisted;
      for (auto dscp : p.dscp_unlisted) unlisted.push_back(static_cast<std::int64_t>(dscp));
      t.insert("dscp_unlisted", unlisted);
    }
    if (p.apptrust) {
      toml::array a;
      for (auto s : *p.apptrust) a.push_back(s == model::kAppSelDscp ? "dscp" : "pcp");
      t.insert("apptrust", a);
    }
    toml::array loads;
    for (const auto& c : p.load)
      loads.push_back(toml::table{{"dscp", static_cast<std::int64_t>(c.dscp)},
                                  {"pcp", static_cast<std::int64_t>(c.pcp)},
                                  {"gbps", c.gbps},
                                  {"incast", static_cast<std::int64_t>(c.incast)},
                                  {"message_bytes", static_cast<std::int64_t>(c.message_bytes)}});
    t.insert("load", loads);
    ports.push_back(std::move(t));
    toml::table values;
    for (const auto& [name, v] : p.counters) values.insert(name, static_cast<std::int64_t>(v));
    counters.insert(p.netdev, std::move(values));
  }
  root.insert("port", std::move(ports));
  root.insert("state",
              toml::table{{"clock_ns", static_cast<std::int64_t>(m.clock_ns)}, {"counters", std::move(counters)}});
  std::ostringstream out;
  out << "# roce-doctor simulated host (examples/sim/README.md); [state] is rewritten by the simulator\n"
      << root << "\n";
  return out.str();
}

std::vector<model::AppEntry> dscp_app_table(const SimPort& port) {
  std::vector<model::AppEntry> app;
  if (port.trust != "dscp") return app;
  for (std::uint16_t dscp = 0; dscp < 64; ++dscp) {
    if (port.dscp_unlisted.count(static_cast<std::uint8_t>(dscp))) continue;
    LoadClass probe;
    probe.dscp = static_cast<std::uint8_t>(dscp);
    app.push_back({model::kAppSelDscp, static_cast<std::uint8_t>(classify(port, probe)), dscp});
  }
  return app;
}

int classify(const SimPort& port, const LoadClass& load) {
  if (port.trust != "dscp") return load.pcp;
  auto it = port.dscp_prio.find(load.dscp);
  return it != port.dscp_prio.end() ? it->second : load.dscp >> 3;
}

}  // namespace roce::sim
