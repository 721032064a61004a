// The show text's evidence lines: the capture line each value of a device, port or netdev cites.
#include <algorithm>
#include <map>
#include <tuple>

#include "model/for_each_field.hpp"
#include "model/raw_lines.hpp"
#include "report/show_parts.hpp"

namespace roce::report::detail {
namespace {

struct Cited {
  std::string file;
  std::size_t line = 0;
  std::string text;
  std::vector<std::string> labels;  // the values citing it, in model order, once each
};

// "FILE:LINE" -> (FILE, LINE); line 0 when the locator ends in no number.
std::pair<std::string, std::size_t> split_locator(const std::string& locator) {
  const std::size_t colon = locator.rfind(':');
  if (colon == std::string::npos) return {locator, 0};
  std::size_t line = 0;
  for (std::size_t i = colon + 1; i < locator.size(); ++i) {
    if (locator[i] < '0' || locator[i] > '9') return {locator, 0};
    line = line * 10 + static_cast<std::size_t>(locator[i] - '0');
  }
  return {locator.substr(0, colon), line};
}

// "evidence counters: FILE" and under it "  N > TEXT" for each counter line kept from the file the
// counter set was read from, by line (the set itself cites only the file's first line).
void add_counter_lines(const model::RawLines& raw, const model::Field<model::CounterSet>& set, const Style& style,
                       std::vector<std::string>& out) {
  const auto [file, first] = split_locator(set.from.locator);
  if (!set.ok() || first == 0) return;
  std::vector<std::pair<std::size_t, const std::string*>> kept;
  const std::string prefix = file + ":";
  for (auto it = raw.lines.lower_bound({set.from.source, prefix}); it != raw.lines.end(); ++it) {
    if (it->first.first != set.from.source || it->first.second.compare(0, prefix.size(), prefix) != 0) break;
    const auto [at_file, line] = split_locator(it->first.second);
    if (at_file == file && line != first && line != 0) kept.emplace_back(line, &it->second);
  }
  if (kept.empty()) return;
  std::sort(kept.begin(), kept.end());
  out.push_back(style.dim("evidence") + " counters: " + file);
  for (const auto& [line, text] : kept) out.push_back("  " + std::to_string(line) + " > " + *text);
}

}  // namespace

std::vector<std::string> quote_lines(const std::string& quote) {
  std::vector<std::string> out;
  std::size_t at = 0;
  for (std::size_t eol = quote.find('\n'); eol != std::string::npos; eol = quote.find('\n', at)) {
    out.push_back(quote.substr(at, eol - at));
    at = eol + 1;
  }
  out.push_back(quote.substr(at));
  return out;
}

namespace {

class QuoteCollector {
 public:
  explicit QuoteCollector(const model::RawLines& raw) : raw_(raw) {}

  template <class T>
  void operator()(const char* name, const model::Field<T>& field) {
    const std::string* text = raw_.find(field.from);
    if (text == nullptr) return;
    auto [it, added] = by_locator_.try_emplace(field.from.locator);
    if (added) {
      auto [file, line] = split_locator(field.from.locator);
      it->second = {std::move(file), line, *text, {}};
    }
    std::string label = name;  // as show spells its labels: "phys-state"
    std::replace(label.begin(), label.end(), '_', '-');
    auto& labels = it->second.labels;
    if (std::find(labels.begin(), labels.end(), label) == labels.end()) labels.push_back(std::move(label));
  }

  // "evidence LABELS: FILE:LINE", then "  > TEXT" for each line quoted; by file and line.
  std::vector<std::string> lines(const Style& style) const {
    std::vector<const Cited*> cited;
    for (const auto& [locator, c] : by_locator_) cited.push_back(&c);
    std::sort(cited.begin(), cited.end(),
              [](const Cited* a, const Cited* b) { return std::tie(a->file, a->line) < std::tie(b->file, b->line); });
    std::vector<std::string> out;
    for (const Cited* c : cited) {
      std::string labels;
      for (const auto& l : c->labels) labels += (labels.empty() ? "" : ",") + l;
      out.push_back(style.dim("evidence") + " " + labels + ": " + c->file + ":" + std::to_string(c->line));
      for (const auto& quoted : quote_lines(c->text)) out.push_back("  > " + quoted);
    }
    return out;
  }

 private:
  const model::RawLines& raw_;
  std::map<std::string, Cited> by_locator_;
};

}  // namespace

std::vector<std::string> evidence_lines(const model::NetDev& nd, const Style& style) {
  if (style.quotes == nullptr) return {};
  QuoteCollector collect(*style.quotes);
  model::for_each_field_nested(nd, collect);
  auto out = collect.lines(style);
  add_counter_lines(*style.quotes, nd.ethtool_stats, style, out);
  return out;
}

std::vector<std::string> evidence_lines(const model::RdmaDevice& dev, const Style& style) {
  if (style.quotes == nullptr) return {};
  QuoteCollector collect(*style.quotes);
  model::for_each_field(dev, collect);  // the device's own values; its ports quote theirs
  return collect.lines(style);
}

std::vector<std::string> evidence_lines(const model::RdmaPort& port, const Style& style) {
  if (style.quotes == nullptr) return {};
  QuoteCollector collect(*style.quotes);
  model::for_each_field_nested(port, collect);
  return collect.lines(style);
}

}  // namespace roce::report::detail
