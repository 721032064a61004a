#pragma once
// Shared helpers of the text parsers: the input split into numbered lines, the warnings collected
// while parsing, and small tokenisers. Internal to src/captures/text/.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "util/text.hpp"

namespace roce::captures::text {

using util::split_on;     // empty pieces kept
using util::split_words;  // on runs of whitespace
using util::trim;
// "key<sep>value": both trimmed; nullopt without the separator.
std::optional<std::pair<std::string_view, std::string_view>> split_key(std::string_view s, char sep = ':');
bool consume(std::string_view& s, std::string_view prefix);

// Whole-string unsigned numbers (no sign, no spaces). `base` 16 accepts an optional 0x prefix.
std::optional<std::uint64_t> to_u64(std::string_view s, int base = 10);
std::optional<std::uint32_t> to_u32(std::string_view s, int base = 10);
std::optional<double> to_double(std::string_view s);  // plain decimal: digits[.digits]
std::optional<bool> on_off(std::string_view s);       // "on"/"off", "yes"/"no"

// A key made of letters, digits, spaces, '_' and '-' (a key the tool prints, not garbage).
bool plain_key(std::string_view key);

// A tool's own failure line, "Cannot get device pause settings: Operation not supported", as the
// availability it means (unsupported, denied, absent, error); nullopt for any other line.
std::optional<model::Availability> tool_failure(std::string_view body);

// The line quoted for a message, control characters replaced and long lines cut.
std::string shown(std::string_view line);

struct Line {
  std::size_t number = 0;         // 1-based
  std::string_view text;          // without the line ending and trailing whitespace; indentation kept
  std::string_view body() const;  // text without the indentation
  bool indented() const { return !text.empty() && (text[0] == ' ' || text[0] == '\t'); }
};

class TextInput {
 public:
  TextInput(std::string_view text, const TextOrigin& origin);

  const std::vector<Line>& lines() const { return lines_; }  // blank lines removed
  const TextOrigin& origin() const { return origin_; }
  model::Provenance at(const Line& line) const { return origin_.at(line.number); }

  // "FILE:LINE: what" without recording anything.
  std::string located(const Line& line, std::string_view what) const {
    return origin_.where(line.number) + ": " + std::string(what);
  }
  // Records a warning for `line` and returns its text (for Field::missing causes).
  std::string warn(const Line& line, const std::string& what);
  Unexpected error(const Line& line, const std::string& what) const;
  Unexpected error(const std::string& what) const;  // about the file as a whole
  std::vector<TextWarning> take_warnings() { return std::move(warnings_); }

  template <class T>
  Parsed<T> result(T value) {
    return Parsed<T>{std::move(value), take_warnings()};
  }

  // A field whose line was read but whose value is garbled: warns and returns missing(error).
  template <class T>
  model::Field<T> garbled(const Line& line, const std::string& what, std::string_view value) {
    const std::string why = warn(line, "unreadable " + what + " " + shown(value));
    return model::Field<T>::missing(model::Availability::error, why, at(line));
  }

 private:
  TextOrigin origin_;
  std::vector<Line> lines_;
  std::vector<TextWarning> warnings_;
};

}  // namespace roce::captures::text
