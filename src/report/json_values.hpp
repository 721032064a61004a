#pragma once
// What the JSON views share: how a missing optional value is written.
#include <optional>

#include <nlohmann/json.hpp>

namespace roce::report {

/// The value, or JSON null when there is none.
template <class T>
nlohmann::ordered_json or_null(const std::optional<T>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json(nullptr);
}

}  // namespace roce::report
