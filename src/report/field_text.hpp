#pragma once
// A Field in text: its value, or why it is missing ("unsupported (dcbnl: veth0: Operation not supported)").
#include <string>

#include "model/field.hpp"

namespace roce::report {

// The field's text via `show` when present, else its reason.
template <class T, class F>
std::string field_text(const model::Field<T>& f, F show) {
  return f.ok() ? std::string(show(*f)) : model::describe_missing(f);
}

template <class T>
std::string field_text(const model::Field<T>& f) {
  if constexpr (std::is_same_v<T, std::string>)
    return field_text(f, [](const std::string& s) { return s.empty() ? std::string("\"\"") : s; });
  else
    return field_text(f, [](const T& v) { return std::to_string(v); });
}

}  // namespace roce::report
