#pragma once
// A Field in the show text: its value, or why it is missing: "n/a (unsupported)", or with
// Style::verbose the whole cause ("unsupported (dcbnl: veth0: Operation not supported)").
#include <string>

#include "model/field.hpp"
#include "report/text_style.hpp"

namespace roce::report {

/// Why the field is missing, as short or as long as the style asks.
template <class T>
std::string missing_text(const model::Field<T>& f, const Style& style) {
  if (style.verbose) return model::describe_missing(f);
  return "n/a (" + std::string(model::to_string(f.availability)) + ")";
}

/// The field's text via `show` when present, else missing_text().
template <class T, class F>
std::string field_text(const model::Field<T>& f, const Style& style, F show) {
  return f.ok() ? std::string(show(*f)) : missing_text(f, style);
}

template <class T>
std::string field_text(const model::Field<T>& f, const Style& style) {
  if constexpr (std::is_same_v<T, std::string>)
    return field_text(f, style, [](const std::string& s) { return s.empty() ? std::string("\"\"") : s; });
  else
    return field_text(f, style, [](const T& v) { return std::to_string(v); });
}

}  // namespace roce::report
