#pragma once
// JSON text parsed so that no document, however deeply nested, can overflow the stack afterwards.
#include <cstddef>
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace roce::util {

/// The deepest nesting of arrays and objects a JSON input may have: far above any format read
/// here (a bundle nests about 8 deep), far below what nlohmann's recursive copies and dumps, one
/// call per level, need of the stack (200,000 levels overflow it).
inline constexpr std::size_t kMaxJsonDepth = 256;

/// "LINE:COLUMN" (1-based, columns in bytes) where `text` first nests arrays and objects deeper than
/// `max_depth`; "" when it never does. Brackets inside strings do not count.
inline std::string json_nesting_over(std::string_view text, std::size_t max_depth = kMaxJsonDepth) {
  std::size_t depth = 0, line = 1, column = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
    }
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_depth) return std::to_string(line) + ":" + std::to_string(column);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return "";
}

/// `text` parsed as a Json (nlohmann::json, ordered_json, ...): without exceptions a discarded value
/// when it is not JSON, as Json::parse gives it. Fails with "LINE:COLUMN: nested more than 256
/// deep" when it nests deeper than kMaxJsonDepth. Every JSON parse of src/ goes through this
/// (tests/util/text_test.cpp fails on another).
template <class Json>
Expected<Json> json_parse(std::string_view text, bool allow_exceptions = false) {
  if (const std::string at = json_nesting_over(text); !at.empty())
    return fail(at + ": nested more than " + std::to_string(kMaxJsonDepth) + " deep",
                "no JSON this reads nests so deep: the file is damaged or hostile");
  return Json::parse(text.begin(), text.end(), nullptr, allow_exceptions);
}

}  // namespace roce::util
