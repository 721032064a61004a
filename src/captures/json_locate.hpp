#pragma once
// Where a JSON text stops being valid, as line:column, for error messages.
#include <string>
#include <string_view>

namespace roce::captures {

struct JsonSyntaxError {
  std::size_t line = 1, column = 1;  // 1-based; column counts bytes
  std::string message;               // "syntax error while parsing object - unexpected end of input; ..."
};

// Precondition: `text` is not valid JSON.
JsonSyntaxError locate_json_syntax_error(std::string_view text);

}  // namespace roce::captures
