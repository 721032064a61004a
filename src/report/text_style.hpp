#pragma once
// Terminal styling for the text views: colour only when writing to a TTY, how much of a missing
// value's reason to print, the width to wrap to, and whether to quote the raw lines values cite.
#include <cstddef>
#include <string>
#include <string_view>

namespace roce::model {
struct RawLines;
}

namespace roce::report {

struct Style {
  bool colour = false;
  bool verbose = false;   // missing values with their full cause, not only "n/a (absent)"
  std::size_t width = 0;  // wrap lines longer than this; 0: never wrap
  /// Non-null: `show` quotes under each RDMA device, port and netdev the capture lines its values
  /// cite (model/raw_lines.hpp).
  const model::RawLines* quotes = nullptr;
  std::string bold(std::string_view s) const { return wrap("1", s); }
  std::string good(std::string_view s) const { return wrap("32", s); }
  std::string bad(std::string_view s) const { return wrap("31", s); }
  std::string dim(std::string_view s) const { return wrap("2", s); }

 private:
  std::string wrap(const char* code, std::string_view s) const {
    if (!colour) return std::string(s);
    return "\033[" + std::string(code) + "m" + std::string(s) + "\033[0m";
  }
};

}  // namespace roce::report
