// Reading Cumulus qos_features.conf / traffic.conf into switch ports.
#include "switch/cumulus_datapath.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "switch/cumulus_port.hpp"
#include "switch/text_values.hpp"
#include "util/text.hpp"

namespace roce::switches {
namespace {

using model::Availability;
using model::Field;

struct Setting {
  std::string value;
  std::size_t line = 0;
};

// "[1,3]" or "1" -> the numbers below `limit`; nullopt for anything else.
std::optional<std::vector<int>> number_list(const std::string& value, int limit) {
  std::string v(util::trim(value));
  if (!v.empty() && v.front() == '[' && v.back() == ']') v = v.substr(1, v.size() - 2);
  std::vector<int> out;
  for (const auto& part : split_list(v, ',')) {
    auto n = parse_unsigned(part);
    if (!n || *n >= static_cast<std::uint64_t>(limit)) return std::nullopt;
    out.push_back(static_cast<int>(*n));
  }
  return out;
}

std::vector<std::string> name_list(const std::string& value) {
  std::string v(util::trim(value));
  if (!v.empty() && v.front() == '[' && v.back() == ']') v = v.substr(1, v.size() - 2);
  return split_list(v, ',');
}

class DatapathReader {
 public:
  DatapathReader(const std::map<std::string, Setting>& s, const std::string& file, model::Switch& sw)
      : s_(s), file_(file), sw_(sw) {}

  model::Provenance at(const std::string& key) const {
    auto it = s_.find(key);
    return {"cumulus-datapath",
            file_ + ":" + (it != s_.end() ? std::to_string(it->second.line) : std::string("?")) + " " + key};
  }
  const std::string* get(const std::string& key) const {
    auto it = s_.find(key);
    return it == s_.end() ? nullptr : &it->second.value;
  }
  void warn(const std::string& key, const std::string& what) { sw_.warnings.push_back(at(key).locator + ": " + what); }

  std::optional<std::vector<int>> numbers(const std::string& key, int limit) {
    const auto* v = get(key);
    if (!v) return std::nullopt;
    auto list = number_list(*v, limit);
    if (!list) warn(key, "\"" + *v + "\" is not a list of numbers below " + std::to_string(limit));
    return list;
  }
  Field<std::uint64_t> bytes(const std::string& key) {
    const auto* v = get(key);
    if (!v) return Field<std::uint64_t>::missing(Availability::absent, "no " + key + " in " + file_, at(key));
    auto n = parse_unsigned(*v);
    if (!n) {
      warn(key, "\"" + *v + "\" is not a number");
      return Field<std::uint64_t>::missing(Availability::error, at(key).locator + ": not a number", at(key));
    }
    return Field<std::uint64_t>::of(*n, at(key));
  }

  // The groups a "<prefix>.port_group_list" names, else those its keys use.
  std::vector<std::string> groups(const std::string& prefix) const {
    if (const auto* list = get(prefix + ".port_group_list")) return name_list(*list);
    std::set<std::string> names;
    for (const auto& [key, setting] : s_) {
      if (key.rfind(prefix + ".", 0) != 0) continue;
      const auto rest = key.substr(prefix.size() + 1);
      const auto dot = rest.find('.');
      if (dot != std::string::npos && rest.substr(0, dot) != "default_ecn_red_conf") names.insert(rest.substr(0, dot));
    }
    return {names.begin(), names.end()};
  }

  std::pair<model::NetDev*, model::SwitchPort*> port(const std::string& name) {
    model::NetDev* nd = nullptr;
    for (auto& n : sw_.host.netdevs)
      if (n.name == name) nd = &n;
    model::SwitchPort* sp = nullptr;
    for (auto& p : sw_.ports)
      if (p.name == name) sp = &p;
    if (nd && sp) return {nd, sp};
    const model::Provenance from{"cumulus-datapath", file_};
    auto [n, p] = cumulus_port(name, "the datapath configuration holds no per-port ", "switch priority", from);
    n.dcb.pfc = Field<model::Pfc>::of({.pfc_cap = 8, .pfc_en = 0}, from);
    p.cable_m = Field<std::uint32_t>::missing(Availability::absent, "no cable_length for " + name, from);
    p.pfcwd = Field<model::SwitchPfcWatchdog>::missing(Availability::absent,
                                                       "the datapath configuration holds no PFC watchdog", from);
    p.pfcwd_sw_enable = Field<std::uint8_t>::missing(Availability::absent, "not in the datapath configuration", from);
    p.pfc_rx_frames = p.pfc_tx_frames =
        Field<model::PerPrio<std::uint64_t>>::missing(Availability::absent, "no pause counters export", from);
    n.dcb.buffer =
        Field<model::Buffer>::missing(Availability::unsupported, "Cumulus sizes buffers per PFC group", from);
    n.qdiscs =
        Field<std::vector<model::Qdisc>>::missing(Availability::absent, "not in the datapath configuration", from);
    sw_.host.netdevs.push_back(std::move(n));
    sw_.ports.push_back(std::move(p));
    return {&sw_.host.netdevs.back(), &sw_.ports.back()};
  }

  Outcome read() {
    trust_and_map();
    for (const auto& g : groups("pfc"))
      if (auto r = pfc_group(g); !r) return r;
    for (const auto& g : groups("ecn_red"))
      if (auto r = ecn_group(g); !r) return r;
    // Every port gets the trust and the DSCP map (they are global).
    for (std::size_t i = 0; i < sw_.ports.size(); ++i) {
      auto& nd = sw_.host.netdevs[i];
      auto& sp = sw_.ports[i];
      nd.trust = trust_;
      if (!trust_.ok()) {
        sp.dscp_to_tc = Field<model::DscpMap>::missing(trust_.availability, "the trust is unknown", trust_.from);
        continue;
      }
      sp.dscp_to_tc_name = Field<std::string>::of("traffic.cos_N.priority_source.dscp", dscp_from_);
      sp.dscp_to_tc = Field<model::DscpMap>::of(dscp_, dscp_from_);
      std::vector<model::AppEntry> app;
      for (int d = 0; d < 64; ++d)
        if (dscp_[d]) app.push_back({model::kAppSelDscp, *dscp_[d], static_cast<std::uint16_t>(d)});
      nd.dcb.app = Field<std::vector<model::AppEntry>>::of(app, dscp_from_);
    }
    sw_.vendor = "cumulus";
    return done();
  }

 private:
  void trust_and_map() {
    const std::string key = "traffic.packet_priority_source_set";
    if (const auto* v = get(key)) {
      const auto sources = name_list(*v);
      const bool dscp = std::find(sources.begin(), sources.end(), "dscp") != sources.end();
      trust_ = Field<std::string>::of(dscp ? "dscp" : "pcp", at(key));
    } else {
      trust_ = Field<std::string>::missing(Availability::absent, "no " + key + " in " + file_, at(key));
    }
    bool any = false;
    for (int sp = 0; sp < 8; ++sp) {
      const std::string k = "traffic.cos_" + std::to_string(sp) + ".priority_source.dscp";
      auto list = numbers(k, 64);
      if (!list) continue;
      any = true;
      dscp_from_ = at(k);
      for (int d : *list) dscp_[d] = static_cast<std::uint8_t>(sp);
    }
    if (!any) {  // the shipped default: DSCP d -> switch priority d >> 3
      for (int d = 0; d < 64; ++d) dscp_[d] = static_cast<std::uint8_t>(d >> 3);
      dscp_from_ = {"cumulus-datapath", file_ + " (no traffic.cos_N.priority_source.dscp: the default d >> 3)"};
    }
  }

  Outcome pfc_group(const std::string& g) {
    const std::string p = "pfc." + g + ".";
    const auto* set = get(p + "port_set");
    if (!set)
      return fail(at(p + "cos_list").locator + ": PFC group " + g + " has no port_set",
                  "give the whole file as the switch holds it");
    auto cos = numbers(p + "cos_list", 8);
    if (!cos) return done();
    std::uint8_t mask = 0;
    for (int c : *cos) mask = static_cast<std::uint8_t>(mask | (1u << c));
    const auto* tx = get(p + "tx_enable");
    const auto* rx = get(p + "rx_enable");
    if ((tx && parse_bool(*tx) == false) && (rx && parse_bool(*rx) == false)) mask = 0;
    for (const auto& name : expand_port_set(*set)) {
      auto [nd, sp] = port(name);
      nd->dcb.pfc = Field<model::Pfc>::of(
          {.pfc_cap = 8, .pfc_en = static_cast<std::uint8_t>((nd->dcb.pfc.ok() ? nd->dcb.pfc->pfc_en : 0) | mask)},
          at(p + "cos_list"));
      if (get(p + "cable_length")) {
        auto m = bytes(p + "cable_length");
        if (m.ok() && *m <= 100000) sp->cable_m = Field<std::uint32_t>::of(static_cast<std::uint32_t>(*m), m.from);
      }
      for (int c : *cos) {
        model::SwitchPg pg;
        pg.first = pg.last = c;
        pg.profile = "pfc." + g;
        pg.from = at(p + "cos_list");
        pg.xoff_bytes = bytes(p + "xoff_size");
        pg.xon_bytes = bytes(p + "xon_delta");  // the hysteresis below xoff, as the file names it
        pg.size_bytes = bytes(p + "port_buffer_bytes");
        sp->lossless_pgs.push_back(std::move(pg));
      }
    }
    return done();
  }

  Outcome ecn_group(const std::string& g) {
    const std::string p = "ecn_red." + g + ".";
    const std::string queues_key = get(p + "egress_queue_list") ? p + "egress_queue_list" : p + "cos_list";
    const auto* set = get(p + "port_set");
    if (!set)
      return fail(at(queues_key).locator + ": ECN group " + g + " has no port_set",
                  "give the whole file as the switch holds it");
    auto queues = numbers(queues_key, 8);
    if (!queues) return done();
    model::SwitchWred w;
    w.name = "ecn_red." + g;
    const auto* ecn = get(p + "ecn_enable");
    w.ecn = Field<std::string>::of(ecn && parse_bool(*ecn) == true ? "ecn_all" : "ecn_none", at(p + "ecn_enable"));
    // Marking needs the RED curve on: ecn_enable alone marks; red_enable adds early drops.
    w.green_enable = Field<bool>::of(ecn && parse_bool(*ecn) == true, at(p + "ecn_enable"));
    w.green_min_bytes = bytes(p + "min_threshold_bytes");
    w.green_max_bytes = bytes(p + "max_threshold_bytes");
    auto prob = bytes(p + "probability");
    w.green_drop_percent = prob.ok() && *prob <= 100
                               ? Field<std::uint32_t>::of(static_cast<std::uint32_t>(*prob), prob.from)
                               : Field<std::uint32_t>::missing(prob.ok() ? Availability::error : prob.availability,
                                                               prob.ok() ? "above 100" : prob.cause, prob.from);
    if (!sw_.wred(w.name)) sw_.wred_profiles.push_back(w);
    for (const auto& name : expand_port_set(*set)) {
      auto [nd, sp] = port(name);
      (void)nd;
      for (int q : *queues) {
        model::SwitchQueue queue;
        queue.index = q;
        queue.wred_profile = Field<std::string>::of(w.name, at(queues_key));
        queue.scheduler = Field<std::string>::missing(Availability::absent, "not in " + file_, at(queues_key));
        auto it = std::find_if(sp->queues.begin(), sp->queues.end(), [&](auto& x) { return x.index == q; });
        if (it != sp->queues.end())
          *it = queue;
        else
          sp->queues.push_back(queue);
      }
      std::sort(sp->queues.begin(), sp->queues.end(), [](auto& a, auto& b) { return a.index < b.index; });
    }
    return done();
  }

  const std::map<std::string, Setting>& s_;
  const std::string& file_;
  model::Switch& sw_;
  Field<std::string> trust_;
  model::DscpMap dscp_{};
  model::Provenance dscp_from_;
};

}  // namespace

std::vector<std::string> expand_port_set(std::string_view set) {
  std::vector<std::string> out;
  for (const auto& part : split_list(set, ',')) {
    const auto dash = part.find('-');
    if (dash != std::string::npos) {
      const auto [prefix, first] = port_order(part.substr(0, dash));
      const auto [prefix2, last] = port_order(part.substr(dash + 1));
      if (!prefix.empty() && prefix == prefix2 && first <= last && last - first < 512) {
        for (auto n = first; n <= last; ++n) out.push_back(prefix + std::to_string(n));
        continue;
      }
    }
    out.push_back(part);
  }
  return out;
}

Outcome add_cumulus_datapath(std::string_view text, const std::string& file, model::Switch& sw) {
  std::map<std::string, Setting> settings;
  std::size_t line = 0;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string l(util::trim(text.substr(0, nl)));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++line;
    if (l.empty() || l[0] == '#') continue;
    const auto eq = l.find('=');
    if (eq == std::string::npos) {
      sw.warnings.push_back(file + ":" + std::to_string(line) + ": \"" + l + "\" is no \"key = value\" line, skipped");
      continue;
    }
    settings[std::string(util::trim(l.substr(0, eq)))] = {std::string(util::trim(l.substr(eq + 1))), line};
  }
  const bool known = std::any_of(settings.begin(), settings.end(), [](const auto& kv) {
    return kv.first.rfind("pfc.", 0) == 0 || kv.first.rfind("ecn_red.", 0) == 0 || kv.first.rfind("traffic.", 0) == 0;
  });
  if (!known)
    return fail(file + ": not a Cumulus qos_features.conf or traffic.conf (no pfc., ecn_red. or traffic. setting)",
                "give /etc/cumulus/datapath/qos/qos_features.conf (5.x) or /etc/cumulus/datapath/traffic.conf");
  return DatapathReader(settings, file, sw).read();
}

}  // namespace roce::switches
