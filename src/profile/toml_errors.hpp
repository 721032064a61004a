#pragma once
// The errors of a TOML file (a profile, a simulator model, a simulated fabric), each
// "FILE:LINE:COL: message", collected so that one run reports all of them, in file order, and the
// checked reads of fields that add to them. Header-only: its users link toml++ themselves.
#include <toml++/toml.h>
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <sstream>
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

/// Checked reads of a TOML file's fields: each wrong one adds a located error and gives a stand-in
/// value, so that a reader goes on and reports every error of the file at once.
class TomlFields {
 public:
  explicit TomlFields(std::string file) : errors_(std::move(file)) {}

  void error(const toml::source_region& where, const std::string& message) {
    errors_.add(where, message);
    ++count_;
  }
  const TomlErrors& errors() const { return errors_; }
  /// Errors so far: compare before and after reading a part to know whether it read cleanly.
  int error_count() const { return count_; }

  /// An error for every key of `t` not in `keys` ("unknown key 'x' in [path]").
  void allow(const toml::table& t, const std::string& path, std::initializer_list<std::string_view> keys) {
    for (auto&& [k, v] : t)
      if (std::find(keys.begin(), keys.end(), k.str()) == keys.end())
        error(k.source(), "unknown key '" + std::string(k.str()) + "'" + (path.empty() ? "" : " in [" + path + "]"));
  }

  /// t[key] as a table; nullptr when absent, or (with an error) not a table.
  const toml::table* table(const toml::table& t, std::string_view key) {
    auto* n = t.get(key);
    if (!n) return nullptr;
    if (auto* tt = n->as_table()) return tt;
    error(n->source(), "'" + std::string(key) + "' must be a table");
    return nullptr;
  }

  /// An integer in [lo, hi]; else an error and `lo`.
  std::int64_t integer(const toml::node& n, const std::string& what, std::int64_t lo, std::int64_t hi) {
    auto* i = n.as_integer();
    if (!i) {
      error(n.source(), what + " must be an integer");
      return lo;
    }
    if (i->get() < lo || i->get() > hi) {
      error(n.source(), what + " = " + std::to_string(i->get()) + " is out of range " + std::to_string(lo) + ".." +
                            std::to_string(hi));
      return lo;
    }
    return i->get();
  }

  /// A number (integer or float) in [lo, hi], or (lo, hi] when `open_low`; else an error and `lo`.
  double number(const toml::node& n, const std::string& what, double lo, double hi, bool open_low = false) {
    double v = lo;
    if (auto* f = n.as_floating_point())
      v = f->get();
    else if (auto* i = n.as_integer())
      v = static_cast<double>(i->get());
    else {
      error(n.source(), what + " must be a number");
      return lo;
    }
    if (!(open_low ? v > lo : v >= lo) || !(v <= hi)) {
      std::ostringstream range;
      range << (open_low ? "(" : "[") << lo << ", " << hi << "]";
      error(n.source(), what + " is out of range " + range.str());
      return lo;
    }
    return v;
  }

  bool boolean(const toml::node& n, const std::string& what) {
    if (auto* b = n.as_boolean()) return b->get();
    error(n.source(), what + " must be true or false");
    return false;
  }

 private:
  TomlErrors errors_;
  int count_ = 0;
};

}  // namespace roce::profile
