#pragma once
// The Prometheus text exposition format (version 0.0.4): metric families with HELP and TYPE,
// samples with escaped label values, no timestamps (node_exporter's textfile collector skips a
// file that has them).
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roce::metrics {

/// One metric family: its name, TYPE ("gauge", "counter") and HELP text.
struct Family {
  std::string_view name;
  std::string_view type;
  std::string_view help;
};

/// Label name and value; a label with an empty value is left out (Prometheus reads it as absent).
using Label = std::pair<std::string_view, std::string>;
using Labels = std::vector<Label>;

/// Collects samples and renders them grouped by family, families in the order of `families`.
/// A family without samples is left out entirely.
class Exposition {
 public:
  explicit Exposition(std::span<const Family> families);
  /// Adds a sample of the family named `name` (which must be one of the families).
  void add(std::string_view name, const Labels& labels, double value);
  void add(std::string_view name, const Labels& labels, std::uint64_t value);
  /// Number of samples added.
  std::size_t size() const;
  std::string render() const;

 private:
  void add_text(std::string_view name, const Labels& labels, const std::string& value);
  std::span<const Family> families_;
  std::vector<std::vector<std::string>> samples_;  // per family, rendered sample lines
};

/// A label value with backslash, double quote and newline escaped as the format requires, and
/// bytes that are not UTF-8 (which the format forbids) replaced by U+FFFD.
std::string escape_label_value(std::string_view value);
/// A sample value: the shortest text that reads back as the same double ("0.25", "1e-06", "NaN").
std::string format_value(double value);

}  // namespace roce::metrics
