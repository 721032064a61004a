#pragma once
// SONiC CONFIG_DB as tables, from any of the three JSON shapes a switch export comes in: nested
// (`config_db.json`, `show runningconfiguration all`: {"TABLE": {"KEY": {"field": "value"}}}), the
// tech-support `sonic-db-dump` form ({"TABLE|KEY": {"type": "hash", "value": {...}}}) and the flat
// redis-key form ({"TABLE|KEY": {"field": "value"}}).
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.hpp"

namespace roce::switches {

using ConfigDbFields = std::map<std::string, std::string>;
/// TABLE -> KEY -> field -> value. Values as written (numbers written as JSON numbers are kept as
/// their decimal text).
using ConfigDbTableMap = std::map<std::string, std::map<std::string, ConfigDbFields>>;

struct ConfigDbTables {
  std::string shape;  // "nested", "sonic-db-dump", "flat"
  ConfigDbTableMap tables;
  std::vector<std::string> warnings;  // "FILE: TABLE|KEY: what was skipped"

  /// The fields of TABLE|KEY, or null.
  const ConfigDbFields* find(const std::string& table, const std::string& key) const;
};

/// Reads CONFIG_DB JSON text. `file` names it in errors and warnings. Fails ("FILE:LINE:COLUMN:
/// ..." for broken JSON, "FILE: ..." otherwise) when the text is not JSON, its top level is not an
/// object, or it holds no entry of any shape.
Expected<ConfigDbTables> read_config_db_tables(std::string_view text, const std::string& file);

}  // namespace roce::switches
