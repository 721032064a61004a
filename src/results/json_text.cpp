// Parsing a JSON result file with its syntax errors located.
#include "results/json_text.hpp"

#include <cmath>

#include "captures/json_locate.hpp"
#include "util/json_parse.hpp"

namespace roce::results {

Expected<nlohmann::json> parse_json_text(std::string_view text, const captures::text::TextOrigin& origin,
                                         std::string_view what) {
  auto j = util::json_parse<nlohmann::json>(text);
  if (!j) return fail(origin.file + ":" + j.error().message, j.error().hint);
  if (!j->is_discarded()) return j;
  const auto e = captures::locate_json_syntax_error(text);
  return fail(origin.file + ":" + std::to_string(e.line) + ":" + std::to_string(e.column) + ": not valid " +
                  std::string(what) + " JSON (" + e.message + ")",
              "the run was cut short (a truncated file), or the file is not the tool's JSON");
}

std::optional<double> json_number(const nlohmann::json& o, const char* key) {
  auto it = o.find(key);
  if (it == o.end() || !it->is_number()) return std::nullopt;
  return it->get<double>();
}

std::optional<std::uint64_t> json_count(const nlohmann::json& o, const char* key, double max) {
  const auto v = json_number(o, key);
  if (!v || *v < 0 || *v > max || std::floor(*v) != *v) return std::nullopt;
  return static_cast<std::uint64_t>(*v);
}

}  // namespace roce::results
