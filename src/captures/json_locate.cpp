#include "captures/json_locate.hpp"

#include <algorithm>

#include "captures/json_types.hpp"

namespace roce::captures {
namespace {

// A SAX handler that accepts everything and remembers the first parse error.
struct ErrorOnly {
  std::size_t byte = 0;
  std::string what;
  bool failed = false;

  bool null() { return true; }
  bool boolean(bool) { return true; }
  bool number_integer(Json::number_integer_t) { return true; }
  bool number_unsigned(Json::number_unsigned_t) { return true; }
  bool number_float(Json::number_float_t, const Json::string_t&) { return true; }
  bool string(Json::string_t&) { return true; }
  bool binary(Json::binary_t&) { return true; }
  bool start_object(std::size_t) { return true; }
  bool key(Json::string_t&) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t) { return true; }
  bool end_array() { return true; }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) {
    failed = true;
    byte = position;
    what = ex.what();
    return false;
  }
};

// nlohmann's text is "[json.exception.parse_error.101] parse error at line 3, column 7: syntax
// error ..."; keep what follows the location, which we print ourselves.
std::string strip_prefix(const std::string& what) {
  const auto colon = what.find(": ");
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

}  // namespace

JsonSyntaxError locate_json_syntax_error(std::string_view text) {
  ErrorOnly handler;
  Json::sax_parse(text.begin(), text.end(), &handler, nlohmann::detail::input_format_t::json, true);
  JsonSyntaxError err;
  err.message = handler.failed ? strip_prefix(handler.what) : "invalid JSON";
  // `byte` counts the characters read, the offending one included.
  const std::size_t offset = std::min(handler.byte > 0 ? handler.byte - 1 : 0, text.size());
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++err.line;
      err.column = 1;
    } else {
      ++err.column;
    }
  }
  return err;
}

}  // namespace roce::captures
