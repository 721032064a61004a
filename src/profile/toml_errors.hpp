#pragma once
// The errors of a TOML file (a profile, a simulator model), each "FILE:LINE:COL: message",
// collected so that one run reports all of them, in file order. Header-only: its users link
// toml++ themselves.
#include <toml++/toml.h>
#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace roce::profile {

/// "FILE:LINE:COL: message".
inline std::string located(const std::string& file, const toml::source_position& at, const std::string& message) {
  return file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + message;
}

/// The text of a file toml++ could not parse: "FILE:LINE:COL: description".
inline std::string parse_error_text(const std::string& file, const toml::parse_error& e) {
  return located(file, e.source().begin, std::string(e.description()));
}

class TomlErrors {
 public:
  explicit TomlErrors(std::string file) : file_(std::move(file)) {}

  void add(const toml::source_region& where, const std::string& message) {
    errors_.push_back({where.begin.line, where.begin.column, located(file_, where.begin, message)});
  }
  bool empty() const { return errors_.empty(); }
  /// Every error, one a line, in file order; errors at one position in the order they were found.
  std::string text() const {
    auto sorted = errors_;
    std::stable_sort(sorted.begin(), sorted.end(), [](const Located& a, const Located& b) {
      return std::tie(a.line, a.column) < std::tie(b.line, b.column);
    });
    std::string out;
    for (const auto& e : sorted) out += (out.empty() ? "" : "\n") + e.text;
    return out;
  }

 private:
  struct Located {
    toml::source_index line, column;
    std::string text;
  };
  std::string file_;
  std::vector<Located> errors_;
};

}  // namespace roce::profile
