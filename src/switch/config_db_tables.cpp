// Reading the three JSON shapes of a SONiC CONFIG_DB export into one table map.
#include "switch/config_db_tables.hpp"

#include <nlohmann/json.hpp>

#include "captures/json_locate.hpp"
#include "util/json_dump.hpp"
#include "util/json_parse.hpp"

namespace roce::switches {
namespace {

using Json = nlohmann::json;

// A field value: SONiC writes strings; hand-edited files sometimes hold numbers or booleans.
bool value_text(const Json& v, std::string& out) {
  if (v.is_string()) {
    out = v.get<std::string>();
    return true;
  }
  if (v.is_number_integer() || v.is_number_unsigned() || v.is_boolean()) {
    out = util::json_dump(v);
    return true;
  }
  return false;
}

// {"field": "value", ...} into `fields`; a value that is no scalar is a warning.
void read_fields(const Json& object, const std::string& where, ConfigDbFields& fields,
                 std::vector<std::string>& warnings) {
  for (const auto& [field, v] : object.items()) {
    std::string text;
    if (value_text(v, text))
      fields[field] = text;
    else if (v.is_array())  // list fields (the YANG leaf-lists) as comma lists
    {
      std::string joined;
      for (const auto& e : v) {
        std::string one;
        if (!value_text(e, one)) continue;
        joined += (joined.empty() ? "" : ",") + one;
      }
      fields[field] = joined;
    } else {
      warnings.push_back(where + " " + field + ": not a string, skipped");
    }
  }
}

}  // namespace

const ConfigDbFields* ConfigDbTables::find(const std::string& table, const std::string& key) const {
  auto t = tables.find(table);
  if (t == tables.end()) return nullptr;
  auto k = t->second.find(key);
  return k == t->second.end() ? nullptr : &k->second;
}

Expected<ConfigDbTables> read_config_db_tables(std::string_view text, const std::string& file) {
  auto parsed = util::json_parse<Json>(text);
  if (!parsed) return fail(file + ":" + parsed.error().message, parsed.error().hint);
  const Json doc = std::move(*parsed);
  if (doc.is_discarded()) {
    const auto at = captures::locate_json_syntax_error(text);
    return fail(
        file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": not JSON: " + at.message,
        "give the switch's config_db.json, `show runningconfiguration all` or a tech-support dump/CONFIG_DB.json");
  }
  if (!doc.is_object())
    return fail(file + ": not a SONiC CONFIG_DB export (its top level is not a JSON object)",
                "give the switch's config_db.json or a tech-support dump/CONFIG_DB.json");
  ConfigDbTables out;
  int nested = 0, dump = 0, flat = 0;
  for (const auto& [top, v] : doc.items()) {
    const auto bar = top.find('|');
    if (bar == std::string::npos) {
      if (!v.is_object()) continue;  // a CONFIG_DB key of another redis type (strings such as CONFIG_DB_INITIALIZED)
      if (v.contains("type") && v.contains("value") && v["type"].is_string()) continue;  // a non-hash dump entry
      for (const auto& [key, fields] : v.items()) {
        const std::string where = file + ": " + top + "|" + key;
        if (!fields.is_object()) {
          out.warnings.push_back(where + ": not an object, skipped");
          continue;
        }
        read_fields(fields, where, out.tables[top][key], out.warnings);
        ++nested;
      }
      continue;
    }
    const std::string table = top.substr(0, bar), key = top.substr(bar + 1);
    const std::string where = file + ": " + top;
    if (!v.is_object()) {
      out.warnings.push_back(where + ": not an object, skipped");
      continue;
    }
    if (v.contains("type") && v.contains("value") && v["type"].is_string()) {
      if (v["type"].get<std::string>() != "hash" || !v["value"].is_object()) continue;  // only hashes hold tables
      read_fields(v["value"], where, out.tables[table][key], out.warnings);
      ++dump;
    } else {
      read_fields(v, where, out.tables[table][key], out.warnings);
      ++flat;
    }
  }
  if (nested + dump + flat == 0)
    return fail(
        file +
            ": no CONFIG_DB entry in any of its shapes ({\"TABLE\": {\"KEY\": {...}}}, "
            "{\"TABLE|KEY\": {...}} or sonic-db-dump's {\"TABLE|KEY\": {\"type\": \"hash\", \"value\": {...}}})",
        "give the switch's config_db.json or a tech-support dump/CONFIG_DB.json");
  out.shape = dump >= nested && dump >= flat ? "sonic-db-dump" : flat >= nested ? "flat" : "nested";
  return out;
}

}  // namespace roce::switches
