// SONiC's COUNTERS_DB dump read into per-port counters.
#include "switch/counters_db.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <nlohmann/json.hpp>

#include "util/json_dump.hpp"
#include "util/json_parse.hpp"

namespace roce::switches {
namespace {

using Json = nlohmann::json;

// A key's hash: redis-dump-load's {"type": "hash", "value": {...}}, or the fields themselves.
const Json* hash_of(const Json& db, const std::string& key) {
  auto it = db.find(key);
  if (it == db.end()) {
    std::string piped = key;
    if (auto colon = piped.find(':'); colon != std::string::npos) piped[colon] = '|';
    it = db.find(piped);
  }
  if (it == db.end() || !it->is_object()) return nullptr;
  if (auto v = it->find("value"); v != it->end() && v->is_object() && it->contains("type")) return &*v;
  return &*it;
}

struct DumpReader {
  const std::string& file;
  std::vector<std::string>& problems;

  std::optional<std::uint64_t> count(const Json& hash, const std::string& key, const std::string& field) {
    auto it = hash.find(field);
    if (it == hash.end()) return std::nullopt;
    if (it->is_number_unsigned()) return it->get<std::uint64_t>();
    if (it->is_string()) {
      const auto& s = it->get_ref<const std::string&>();
      std::uint64_t n = 0;
      const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
      if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) return n;
    }
    problems.push_back(file + ": " + key + " " + field + " " + it->dump() + " is not a count: left unknown");
    return std::nullopt;
  }
};

// "oid:0x..." of a name map's entry; "" (and a problem) for anything else.
std::string oid_of(const Json& value, const std::string& map, const std::string& name, DumpReader& r) {
  if (value.is_string() && value.get_ref<const std::string&>().starts_with("oid:")) return value.get<std::string>();
  r.problems.push_back(r.file + ": " + map + " " + name + " " + util::json_dump(value) +
                       " is no \"oid:0x...\": not read");
  return "";
}

}  // namespace

Expected<CountersDb> parse_counters_db(std::string_view text, const std::string& file) {
  auto parsed = util::json_parse<Json>(text);
  if (!parsed) return fail(file + ":" + parsed.error().message, parsed.error().hint);
  const Json& db = *parsed;
  if (db.is_discarded() || !db.is_object())
    return fail(file + ": not a redis dump (a JSON object of keys)",
                "give dump/COUNTERS_DB.Json as `show techsupport` wrote it");
  const Json* ports = hash_of(db, "COUNTERS_PORT_NAME_MAP");
  if (!ports)
    return fail(file + ": no COUNTERS_PORT_NAME_MAP (not a COUNTERS_DB dump?)",
                "give dump/COUNTERS_DB.Json as `show techsupport` wrote it");
  CountersDb out;
  DumpReader r{file, out.problems};
  std::map<std::string, std::size_t> index;
  for (const auto& [name, value] : ports->items()) {
    const std::string oid = oid_of(value, "COUNTERS_PORT_NAME_MAP", name, r);
    CountersDbPort p;
    p.name = name;
    if (const Json* h = oid.empty() ? nullptr : hash_of(db, "COUNTERS:" + oid)) {
      const std::string key = "COUNTERS:" + oid + " (" + name + ")";
      for (int q = 0; q < 8; ++q) {
        const std::string pfc = "SAI_PORT_STAT_PFC_" + std::to_string(q);
        p.rx_pfc[q] = r.count(*h, key, pfc + "_RX_PKTS");
        p.tx_pfc[q] = r.count(*h, key, pfc + "_TX_PKTS");
        p.rx_pause_us[q] = r.count(*h, key, pfc + "_RX_PAUSE_DURATION_US");
        p.tx_pause_us[q] = r.count(*h, key, pfc + "_TX_PAUSE_DURATION_US");
      }
      p.in_octets = r.count(*h, key, "SAI_PORT_STAT_IF_IN_OCTETS");
      p.out_octets = r.count(*h, key, "SAI_PORT_STAT_IF_OUT_OCTETS");
      p.in_discards = r.count(*h, key, "SAI_PORT_STAT_IF_IN_DISCARDS");
      p.out_discards = r.count(*h, key, "SAI_PORT_STAT_IF_OUT_DISCARDS");
    }
    index[name] = out.ports.size();
    out.ports.push_back(std::move(p));
  }
  const Json* types = hash_of(db, "COUNTERS_QUEUE_TYPE_MAP");
  if (const Json* queues = hash_of(db, "COUNTERS_QUEUE_NAME_MAP"))
    for (const auto& [name, value] : queues->items()) {
      const auto colon = name.rfind(':');
      int q = -1;
      if (colon != std::string::npos) {
        const auto [end, ec] = std::from_chars(name.data() + colon + 1, name.data() + name.size(), q);
        if (ec != std::errc() || end != name.data() + name.size()) q = -1;
      }
      const auto port = colon == std::string::npos ? index.end() : index.find(name.substr(0, colon));
      if (q < 0 || port == index.end()) {
        out.problems.push_back(file + ": COUNTERS_QUEUE_NAME_MAP " + name +
                               " names no queue of a port in COUNTERS_PORT_NAME_MAP (\"EthernetN:q\"): not read");
        continue;
      }
      const std::string oid = oid_of(value, "COUNTERS_QUEUE_NAME_MAP", name, r);
      if (oid.empty()) continue;
      CountersDbQueue c;
      c.index = q;
      if (types)
        if (auto t = types->find(oid); t != types->end() && t->is_string())
          c.unicast = *t == "SAI_QUEUE_TYPE_UNICAST" || *t == "SAI_QUEUE_TYPE_ALL";
      if (const Json* h = hash_of(db, "COUNTERS:" + oid)) {
        const std::string key = "COUNTERS:" + oid + " (" + name + ")";
        c.packets = r.count(*h, key, "SAI_QUEUE_STAT_PACKETS");
        c.bytes = r.count(*h, key, "SAI_QUEUE_STAT_BYTES");
        c.dropped = r.count(*h, key, "SAI_QUEUE_STAT_DROPPED_PACKETS");
        c.ecn_marked = r.count(*h, key, "SAI_QUEUE_STAT_WRED_ECN_MARKED_PACKETS");
        c.pfcwd_storms = r.count(*h, key, "PFC_WD_QUEUE_STATS_DEADLOCK_DETECTED");
      }
      out.ports[port->second].queues.push_back(c);
    }
  for (auto& p : out.ports)
    std::sort(p.queues.begin(), p.queues.end(),
              [](const CountersDbQueue& a, const CountersDbQueue& b) { return a.index < b.index; });
  return out;
}

}  // namespace roce::switches
