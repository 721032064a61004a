#pragma once
// nlohmann::ordered_json keeps keys in the order written: struct members in model order and
// counters in the driver's order.
#include <optional>

#include <nlohmann/json.hpp>

namespace roce::captures {
using Json = nlohmann::ordered_json;

// std::optional members are written as null when empty and read back from null.
template <class T>
constexpr bool is_optional = false;
template <class T>
constexpr bool is_optional<std::optional<T>> = true;
}  // namespace roce::captures
