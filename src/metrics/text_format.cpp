// The Prometheus text exposition format: families, label escaping, value text.
#include "metrics/text_format.hpp"

#include <cassert>
#include <charconv>
#include <cmath>

#include "util/text.hpp"

namespace roce::metrics {

std::string escape_label_value(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (char c : util::to_valid_utf8(value)) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '"')
      out += "\\\"";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

std::string format_value(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "+Inf" : "-Inf";
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, value);
  return std::string(buf, r.ptr);
}

Exposition::Exposition(std::span<const Family> families) : families_(families), samples_(families.size()) {}

void Exposition::add(std::string_view name, const Labels& labels, double value) {
  add_text(name, labels, format_value(value));
}

void Exposition::add(std::string_view name, const Labels& labels, std::uint64_t value) {
  add_text(name, labels, std::to_string(value));
}

void Exposition::add_text(std::string_view name, const Labels& labels, const std::string& value) {
  std::size_t i = 0;
  while (i < families_.size() && families_[i].name != name) ++i;
  // A name outside the table is a programming error, not input: the table is fixed at build time.
  assert(i < families_.size());
  if (i == families_.size()) return;
  std::string line(name);
  bool first = true;
  for (const auto& [label, label_value] : labels) {
    if (label_value.empty()) continue;
    line += first ? '{' : ',';
    first = false;
    line += label;
    line += "=\"";
    line += escape_label_value(label_value);
    line += '"';
  }
  if (!first) line += '}';
  line += ' ';
  line += value;
  line += '\n';
  samples_[i].push_back(std::move(line));
}

std::size_t Exposition::size() const {
  std::size_t n = 0;
  for (const auto& s : samples_) n += s.size();
  return n;
}

std::string Exposition::render() const {
  std::string out;
  for (std::size_t i = 0; i < families_.size(); ++i) {
    if (samples_[i].empty()) continue;
    out += "# HELP ";
    out += families_[i].name;
    out += ' ';
    out += families_[i].help;
    out += "\n# TYPE ";
    out += families_[i].name;
    out += ' ';
    out += families_[i].type;
    out += '\n';
    for (const auto& line : samples_[i]) out += line;
  }
  return out;
}

}  // namespace roce::metrics
