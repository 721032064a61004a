// JSON -> model, with every problem located by its path in the document
// ("samples[0].netdevs[2].mtu: expected unsigned integer"). Unknown keys are ignored and missing
// keys keep the model's default (an absent Field, an empty list), so that a bundle stays readable
// when a later schema-1 writer adds a member.
#include <array>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "captures/bundle.hpp"
#include "captures/json_locate.hpp"
#include "captures/json_types.hpp"
#include "model/schema.hpp"
#include "util/json_dump.hpp"
#include "util/json_parse.hpp"

namespace roce::captures {
namespace {

const char* type_name(const Json& j) {
  switch (j.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "an array";
    case Json::value_t::string: return "a string";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::number_integer: return "a negative integer";
    case Json::value_t::number_unsigned: return "an unsigned integer";
    case Json::value_t::number_float: return "a fractional number";
    default: return "something else";
  }
}

class Decoder {
 public:
  std::optional<std::string> error;  // "path: what is wrong", the first problem found

  bool failed(const std::string& path, const std::string& what) {
    if (!error) error = path + ": " + what;
    return false;
  }
  bool expected(const std::string& path, const std::string& what, const Json& j) {
    return failed(path, "expected " + what + ", got " + type_name(j));
  }

  bool get(const Json& j, const std::string& path, std::string& out) {
    if (!j.is_string()) return expected(path, "string", j);
    out = j.get_ref<const std::string&>();
    return true;
  }
  bool get(const Json& j, const std::string& path, bool& out) {
    if (!j.is_boolean()) return expected(path, "true or false", j);
    out = j.get<bool>();
    return true;
  }
  bool get(const Json& j, const std::string& path, double& out) {
    if (!j.is_number()) return expected(path, "number", j);
    out = j.get<double>();
    return true;
  }
  bool get(const Json& j, const std::string& path, std::int64_t& out) {
    if (j.is_null()) {  // a clock that was unknown (bundle_write.cpp)
      out = 0;
      return true;
    }
    if (j.is_number_integer() && !j.is_number_unsigned()) {
      out = j.get<std::int64_t>();
      return true;
    }
    if (j.is_number_unsigned() && j.get<std::uint64_t>() <= std::numeric_limits<std::int64_t>::max()) {
      out = static_cast<std::int64_t>(j.get<std::uint64_t>());
      return true;
    }
    return expected(path, "integer", j);
  }
  template <std::unsigned_integral T>
  bool get(const Json& j, const std::string& path, T& out) {
    if (!j.is_number_unsigned()) return expected(path, "unsigned integer", j);
    const auto n = j.get<std::uint64_t>();
    if (n > std::numeric_limits<T>::max())
      return failed(path, "expected unsigned integer up to " + std::to_string(std::numeric_limits<T>::max()) +
                              ", got " + std::to_string(n));
    out = static_cast<T>(n);
    return true;
  }
  bool get(const Json& j, const std::string& path, model::Availability& out) {
    if (j.is_string()) {
      for (auto a : {model::Availability::present, model::Availability::unsupported, model::Availability::denied,
                     model::Availability::absent, model::Availability::error}) {
        if (j.get_ref<const std::string&>() == model::to_string(a)) {
          out = a;
          return true;
        }
      }
    }
    return failed(path, "expected one of present, unsupported, denied, absent, error");
  }
  bool get(const Json& j, const std::string& path, model::Provenance& out) {
    if (!j.is_array() || j.size() != 2) return failed(path, "expected [source, locator]");
    return get(j[0], path + "[0]", out.source) && get(j[1], path + "[1]", out.locator);
  }
  bool get(const Json& j, const std::string& path, model::HostLldpNeighbor& out) {
    if (!j.is_object()) return expected(path, "object", j);
    const std::pair<const char*, std::string*> texts[] = {
        {"netdev", &out.netdev},   {"system_name", &out.system_name},   {"chassis_id", &out.chassis_id},
        {"port_id", &out.port_id}, {"port_id_type", &out.port_id_type}, {"port_descr", &out.port_descr}};
    for (const auto& [key, member] : texts)
      if (auto it = j.find(key); it != j.end() && !get(*it, path + "." + key, *member)) return false;
    if (auto f = j.find("from"); f != j.end() && !get(*f, path + ".from", out.from)) return false;
    return true;
  }
  bool get(const Json& j, const std::string& path, model::CounterSet& out) {
    if (j.is_object()) {
      for (const auto& [name, value] : j.items()) {
        std::uint64_t v = 0;
        if (!get(value, path + "." + name, v)) return false;
        out.entries.emplace_back(name, v);
      }
      return true;
    }
    if (j.is_array()) {  // [[name, value], ...]: written when names repeat
      for (std::size_t i = 0; i < j.size(); ++i) {
        const auto at = path + "[" + std::to_string(i) + "]";
        if (!j[i].is_array() || j[i].size() != 2) return failed(at, "expected [name, value]");
        std::string name;
        std::uint64_t v = 0;
        if (!get(j[i][0], at + "[0]", name) || !get(j[i][1], at + "[1]", v)) return false;
        out.entries.emplace_back(std::move(name), v);
      }
      return true;
    }
    return expected(path, "object of counter names to unsigned integers", j);
  }
  template <class T>
  bool get(const Json& j, const std::string& path, std::vector<T>& out) {
    if (!j.is_array()) return expected(path, "array", j);
    out.assign(j.size(), T{});
    for (std::size_t i = 0; i < j.size(); ++i)
      if (!get(j[i], path + "[" + std::to_string(i) + "]", out[i])) return false;
    return true;
  }
  template <class T, std::size_t N>
  bool get(const Json& j, const std::string& path, std::array<T, N>& out) {
    if (!j.is_array()) return expected(path, "array of " + std::to_string(N), j);
    if (j.size() != N)
      return failed(path, "expected array of " + std::to_string(N) + ", got " + std::to_string(j.size()) + " elements");
    for (std::size_t i = 0; i < N; ++i)
      if (!get(j[i], path + "[" + std::to_string(i) + "]", out[i])) return false;
    return true;
  }
  template <class T>
  bool get(const Json& j, const std::string& path, model::Field<T>& out) {
    if (!j.is_object()) return expected(path, "object {\"value\"|\"availability\", \"cause\", \"from\"}", j);
    out = {};
    if (auto v = j.find("value"); v != j.end()) {
      T value{};
      if (!get(*v, path, value)) return false;  // located at the field: "...mtu: expected ..."
      out.value = std::move(value);
      out.availability = model::Availability::present;
    }
    if (auto a = j.find("availability"); a != j.end() && !get(*a, path + ".availability", out.availability))
      return false;
    if (auto c = j.find("cause"); c != j.end() && !get(*c, path + ".cause", out.cause)) return false;
    if (auto f = j.find("from"); f != j.end() && !get(*f, path + ".from", out.from)) return false;
    return true;
  }
  template <model::schema::Described T>
  bool get(const Json& j, const std::string& path, T& out) {
    if (!j.is_object()) return expected(path, "object", j);
    MemberReader r{*this, j, path};
    model::schema::describe(r, out);
    return !error;
  }

 private:
  struct MemberReader {
    Decoder& d;
    const Json& obj;
    const std::string& path;
    template <class M>
    void operator()(const char* key, M& member) {
      if (d.error) return;
      auto it = obj.find(key);
      if (it == obj.end()) return;
      const auto at = path.empty() ? std::string(key) : path + "." + key;
      if constexpr (is_optional<M>) {
        if (it->is_null()) return;
        typename M::value_type v{};
        if (d.get(*it, at, v)) member = std::move(v);
      } else {
        d.get(*it, at, member);
      }
    }
  };
};

// "raw_lines": [[source, "FILE:LINE", text], ...]; a bundle without it (every bundle that is not
// an imported capture, and those written before it existed) has none.
bool get_raw_lines(Decoder& d, const Json& j, model::RawLines& out) {
  if (!j.is_array()) return d.expected("raw_lines", "array of [source, locator, text]", j);
  for (std::size_t i = 0; i < j.size(); ++i) {
    const auto at = "raw_lines[" + std::to_string(i) + "]";
    if (!j[i].is_array() || j[i].size() != 3) return d.failed(at, "expected [source, locator, text]");
    model::Provenance from;
    std::string text;
    if (!d.get(j[i][0], at + "[0]", from.source) || !d.get(j[i][1], at + "[1]", from.locator) ||
        !d.get(j[i][2], at + "[2]", text))
      return false;
    out.add(from, std::move(text));
  }
  return true;
}

Expected<Bundle> decode_document(const Json& doc) {
  if (!doc.is_object())
    return fail(std::string("not a roce-doctor bundle (the top level is ") + type_name(doc) + ", expected an object)");
  auto format = doc.find("format");
  if (format == doc.end()) return fail("not a roce-doctor bundle (no \"format\" key)");
  const std::string format_name = format->is_string() ? format->get<std::string>() : "";
  const bool is_bundle = format_name == kBundleFormat;
  const bool is_host = format_name == kHostFormat;
  if (!is_bundle && !is_host) return fail("not a roce-doctor bundle (format is " + util::json_dump(*format) + ")");

  Decoder d;
  unsigned schema = 0;
  auto version = doc.find("schema_version");
  if (version == doc.end()) return fail("schema_version: missing");
  if (!d.get(*version, "schema_version", schema)) return fail(*d.error);
  if (schema > kBundleSchemaVersion)
    return fail("written by a newer roce-doctor (schema " + std::to_string(schema) + "; this one reads " +
                    std::to_string(kBundleSchemaVersion) + ")",
                "upgrade roce-doctor, or collect again with this version");
  if (schema < 1) return fail("schema_version: 0 is not a valid schema version");

  Bundle bundle;
  if (is_host) {
    bundle.samples.emplace_back();
    if (!d.get(doc, "", bundle.samples.back())) return fail(*d.error);
    if (auto raw = doc.find("raw_lines"); raw != doc.end() && !get_raw_lines(d, *raw, bundle.raw_lines))
      return fail(*d.error);
    return bundle;
  }
  if (auto v = doc.find("tool_version"); v != doc.end()) d.get(*v, "tool_version", bundle.tool_version);
  if (auto v = doc.find("created_unix_ms"); v != doc.end()) d.get(*v, "created_unix_ms", bundle.created_unix_ms);
  auto samples = doc.find("samples");
  if (samples == doc.end()) return fail("samples: missing");
  if (!d.error) d.get(*samples, "samples", bundle.samples);
  if (auto raw = doc.find("raw_lines"); raw != doc.end() && !d.error) get_raw_lines(d, *raw, bundle.raw_lines);
  if (auto lldp = doc.find("host_lldp"); lldp != doc.end() && !d.error)
    d.get(*lldp, "host_lldp", bundle.observations.switches.host_lldp);
  if (d.error) return fail(*d.error);
  if (bundle.samples.empty()) return fail("samples: empty (a bundle holds at least one sample)");
  return bundle;
}

}  // namespace

Expected<Bundle> read_bundle_text(std::string_view text, std::string_view name) {
  const std::string where = "bundle " + std::string(name);
  auto parsed = util::json_parse<Json>(text);
  if (!parsed) return fail(where + ":" + parsed.error().message, parsed.error().hint);
  Json doc = std::move(*parsed);
  if (doc.is_discarded()) {
    const auto e = locate_json_syntax_error(text);
    return fail(where + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message,
                "the file is not valid JSON (truncated or damaged?)");
  }
  auto bundle = decode_document(doc);
  if (!bundle) return fail(std::move(bundle.error()).context(where));
  return bundle;
}

}  // namespace roce::captures
