#pragma once
// The convention every parser of a foreign text format in this directory follows.
//
//   Expected<Parsed<T>> parse_<format>(std::string_view text, const TextOrigin& origin);
//
// * `origin` says where the text came from: `source` is the capture kind ("sos",
//   "sysinfo-snapshot", "folder") and `file` the file's label inside it
//   ("sos_commands/networking/ethtool_-a_eth0"). Every Field a parser fills carries
//   Provenance{source, file + ":" + LINE}, LINE being the 1-based line the value was read from.
// * The parse FAILS (an Error whose message starts with "FILE:LINE: " or "FILE: ") only when the
//   text is not this format at all: empty, no header where the format has one, or a structure broken
//   beyond recovery (a port block before any device). It never crashes and never returns zeros.
// * Otherwise it returns what it read plus one located warning per line it could not use (an
//   unrecognised line, a garbled value). A field whose line was garbled becomes
//   Field::missing(error, <the warning>); a field the text does not carry stays missing(absent).
//   Lines the format is known to print but roce-doctor does not use are skipped without a warning.
// * Accepted everywhere: CRLF, trailing spaces and tabs, blank lines, a missing final newline, and
//   spaces where the tool printed tabs (captures copied from web pages).
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "model/field.hpp"
#include "util/expected.hpp"

namespace roce::captures::text {

struct TextOrigin {
  std::string source;  // "sos"
  std::string file;    // "sos_commands/networking/ethtool_-a_eth0"

  std::string where(std::size_t line) const { return file + ":" + std::to_string(line); }
  model::Provenance at(std::size_t line) const { return {source, where(line)}; }
};

struct TextWarning {
  std::size_t line = 0;
  std::string message;  // "FILE:LINE: what was wrong"
  bool operator==(const TextWarning&) const = default;
};

template <class T>
struct Parsed {
  T value;
  std::vector<TextWarning> warnings;
};

}  // namespace roce::captures::text
