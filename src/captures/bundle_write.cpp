// Model -> JSON. Field shape: {"value": V, "availability": "...", "cause": "...", "from": [source,
// locator]}, each key written only when it carries information (see man/roce-doctor-bundle.5).
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "captures/bundle.hpp"
#include "captures/json_types.hpp"
#include "model/schema.hpp"
#include "util/json_dump.hpp"

namespace roce::captures {
namespace {

Json to_json(const model::Provenance& p) { return Json::array({p.source, p.locator}); }
Json to_json(model::Availability a) { return model::to_string(a); }
Json to_json(const std::string& s) { return s; }
Json to_json(bool b) { return b; }
Json to_json(double d) { return d; }
template <std::integral T>
Json to_json(T n) {
  return n;
}
// The model's clocks (time_unix_ms, monotonic_ns) hold 0 when the time is unknown: null, never 1970.
Json to_json(std::int64_t clock) { return clock == 0 ? Json(nullptr) : Json(clock); }

Json to_json(const model::CounterSet& set);
Json to_json(const model::HostLldpNeighbor& n);
template <model::schema::Described T>
Json to_json(const T& x);
template <class T>
Json to_json(const std::vector<T>& xs);
template <class T, std::size_t N>
Json to_json(const std::array<T, N>& xs);
template <class T>
Json to_json(const model::Field<T>& f);

// Counters as {"name": value, ...} in the driver's order; as [[name, value], ...] in the rare
// case of duplicate names, so that nothing is lost.
Json to_json(const model::CounterSet& set) {
  Json obj = Json::object();
  for (const auto& [name, value] : set.entries) {
    if (obj.contains(name)) {
      Json pairs = Json::array();
      for (const auto& [n, v] : set.entries) pairs.push_back(Json::array({n, v}));
      return pairs;
    }
    obj[name] = value;
  }
  return obj;
}

template <class T>
Json to_json(const std::vector<T>& xs) {
  Json arr = Json::array();
  for (const auto& x : xs) arr.push_back(to_json(x));
  return arr;
}

template <class T, std::size_t N>
Json to_json(const std::array<T, N>& xs) {
  Json arr = Json::array();
  for (const auto& x : xs) arr.push_back(to_json(x));
  return arr;
}

bool is_default(const model::Provenance& p) { return p.source.empty() && p.locator.empty(); }

template <class T>
bool is_omitted(const model::Field<T>& f) {
  return !f.value && f.availability == model::Availability::absent && f.cause.empty() && is_default(f.from);
}
template <class T>
bool is_omitted(const std::optional<T>& o) {
  return !o;
}
template <class T>
bool is_omitted(const T&) {
  return false;
}

template <class T>
Json to_json(const model::Field<T>& f) {
  Json obj = Json::object();
  if (f.value) obj["value"] = to_json(*f.value);
  const auto implied = f.value ? model::Availability::present : model::Availability::absent;
  if (f.availability != implied) obj["availability"] = to_json(f.availability);
  if (!f.cause.empty()) obj["cause"] = f.cause;
  if (!is_default(f.from)) obj["from"] = to_json(f.from);
  return obj;
}

struct ObjectWriter {
  Json& out;
  template <class M>
  void operator()(const char* key, const M& member) {
    if (is_omitted(member)) return;
    if constexpr (is_optional<M>)
      out[key] = to_json(*member);
    else
      out[key] = to_json(member);
  }
};

template <model::schema::Described T>
Json to_json(const T& x) {
  Json obj = Json::object();
  ObjectWriter w{obj};
  model::schema::describe(w, x);
  return obj;
}

std::string one_line(const Json& j) {
  // replace: a non-UTF-8 byte from a driver string must not abort writing the bundle.
  return util::json_dump(j);
}

// Pretty-printing that keeps short things on one line: a field ({"value": 9000, "from": [...]}),
// a per-priority array. Long objects (counters) get one member per line.
constexpr std::size_t kLineWidth = 100;

void pretty(const Json& j, std::size_t indent, std::string& out) {
  const bool container = j.is_object() || j.is_array();
  if (!container || j.empty()) {
    out += one_line(j);
    return;
  }
  const std::string flat = one_line(j);
  if (flat.size() + indent <= kLineWidth) {
    // one_line has no spaces after ',' and ':'; add them for readability (outside strings).
    std::string spaced;
    bool in_string = false, escaped = false;
    for (const char c : flat) {
      spaced += c;
      if (in_string) {
        if (escaped)
          escaped = false;
        else if (c == '\\')
          escaped = true;
        else if (c == '"')
          in_string = false;
      } else if (c == '"') {
        in_string = true;
      } else if (c == ',' || c == ':') {
        spaced += ' ';
      }
    }
    out += spaced;
    return;
  }
  const std::string pad(indent + 2, ' ');
  out += j.is_object() ? "{\n" : "[\n";
  bool first = true;
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      out += (first ? "" : ",\n") + pad + one_line(Json(key)) + ": ";
      pretty(value, indent + 2, out);
      first = false;
    }
  } else {
    for (const auto& value : j) {
      out += (first ? "" : ",\n") + pad;
      pretty(value, indent + 2, out);
      first = false;
    }
  }
  out += "\n" + std::string(indent, ' ') + (j.is_object() ? "}" : "]");
}

// {"netdev", "system_name", "chassis_id", "port_id", "port_id_type", "port_descr", "from"}
Json to_json(const model::HostLldpNeighbor& n) {
  return Json{{"netdev", n.netdev},     {"system_name", n.system_name},   {"chassis_id", n.chassis_id},
              {"port_id", n.port_id},   {"port_id_type", n.port_id_type}, {"port_descr", n.port_descr},
              {"from", to_json(n.from)}};
}

// [[source, "FILE:LINE", text], ...]
Json to_json(const model::RawLines& raw) {
  Json lines = Json::array();
  for (const auto& [cited, text] : raw.lines) lines.push_back(Json::array({cited.first, cited.second, text}));
  return lines;
}

std::string dump(const Json& doc) {
  std::string out;
  pretty(doc, 0, out);
  return out + "\n";
}

}  // namespace

std::string write_bundle_text(const Bundle& bundle) {
  Json doc = Json::object();
  doc["format"] = kBundleFormat;
  doc["schema_version"] = kBundleSchemaVersion;
  doc["tool_version"] = bundle.tool_version;
  doc["created_unix_ms"] = to_json(bundle.created_unix_ms);
  doc["samples"] = to_json(bundle.samples);
  if (!bundle.raw_lines.empty()) doc["raw_lines"] = to_json(bundle.raw_lines);
  if (!bundle.observations.switches.host_lldp.empty())
    doc["host_lldp"] = to_json(bundle.observations.switches.host_lldp);
  return dump(doc);
}

std::string write_host_text(const model::Host& host, const model::RawLines& raw_lines) {
  Json doc = Json::object();
  doc["format"] = kHostFormat;
  doc["schema_version"] = kBundleSchemaVersion;
  const Json body = to_json(host);
  for (const auto& [key, value] : body.items()) doc[key] = value;
  if (!raw_lines.empty()) doc["raw_lines"] = to_json(raw_lines);
  return dump(doc);
}

}  // namespace roce::captures
