#pragma once
// JSON text that a string of any bytes cannot turn into an abort.
#include <string>

namespace roce::util {

/// `doc` as JSON text (`indent` -1: one line), each byte that is not UTF-8 replaced by U+FFFD.
/// nlohmann's plain dump() throws type_error.316 on such a byte, and a host name or a label read
/// from a capture may hold any. Every JSON dump of src/ goes through this (tests/util/text_test.cpp
/// fails on another).
template <class Json>
std::string json_dump(const Json& doc, int indent = -1) {
  return doc.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace roce::util
