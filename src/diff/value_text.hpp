#pragma once
// Readable configuration values of the model: bit masks per priority, bytes, tc handles, DCB APP
// entries, and whole structs and lists for a member that exists on one side only.
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "diff/members.hpp"
#include "model/counters.hpp"
#include "model/dcb.hpp"

namespace roce::diff {

/// An unsigned value in the notation of the member `key` that holds it: "0x08" (pfc_en, flags),
/// "0x0c (cee,ieee)" (dcbx), "1:3" (handle, parent), "DSCP" (apptrust), "262016 B" (sizes), else decimal.
std::string unsigned_text(std::uint64_t value, std::string_view key);

/// A double as JSON writes it, the shortest text that reads back the same ("100.0", "56.25");
/// "null" when it is not finite.
std::string number_text(double value);

/// `text` with each invalid UTF-8 sequence replaced by U+FFFD, as the bundle writer does for a
/// driver's string.
std::string readable(std::string_view text);

/// "{cause: CAUSE}", or "{}" without a cause: the text of an absent Field that carries a cause or
/// provenance (config_walk.cpp compares such a Field as an object holding its cause).
std::string cause_object_text(const std::string& cause);

/// Counters as {name: value, ...}; as [[name, value], ...] when names repeat.
std::string counters_text(const model::CounterSet& set, std::string_view key);

/// True when some counter name appears twice (the bundle then writes the set as a list of pairs).
bool has_repeated_names(const model::CounterSet& set);

/// How a per-element array is labelled: "prio" (per priority), "tc", "buffer", "band"; empty when
/// the array is compared whole (addresses, apptrust, ...).
std::string_view element_label(std::string_view key);

/// Per-bit details of a changed mask ("prio 3: off -> on"); empty when `key` is not a per-priority mask.
std::vector<std::string> mask_details(std::string_view key, std::uint64_t before, std::uint64_t after);

/// DCB APP entries (struct dcb_app) compared as sets: "removed DSCP 26 -> prio 3",
/// "added UDP port 4791 -> prio 3"; DSCP/port runs compacted ("DSCP 0-25,27 -> prio 0").
std::vector<std::string> app_set_details(const std::vector<model::AppEntry>& before,
                                         const std::vector<model::AppEntry>& after);

/// One value as text; `key` is the member it is held in (it selects the unit or notation; a list's
/// elements take the list's key). Structs read "{member: value, ...}" without unset members.
template <class T>
std::string value_text(const T& value, std::string_view key) {
  if constexpr (std::is_same_v<T, bool>) {
    return value ? "on" : "off";
  } else if constexpr (std::is_integral_v<T> && std::is_unsigned_v<T>) {
    return unsigned_text(value, key);
  } else if constexpr (std::is_integral_v<T>) {
    return value < 0 ? std::to_string(value) : unsigned_text(static_cast<std::uint64_t>(value), key);
  } else if constexpr (std::is_floating_point_v<T>) {
    return number_text(value);
  } else if constexpr (std::is_same_v<T, std::string>) {
    return readable(value);
  } else if constexpr (std::is_same_v<T, model::Availability>) {
    return model::to_string(value);
  } else if constexpr (std::is_same_v<T, model::CounterSet>) {
    return counters_text(value, key);
  } else if constexpr (is_field<T>) {
    if (value.value) return value_text(*value.value, key);
    if (value.availability != model::Availability::absent) return "missing";
    return cause_object_text(value.cause);
  } else if constexpr (is_sequence<T>) {
    std::string out = "[";
    for (std::size_t i = 0; i < value.size(); ++i) out += (i ? ", " : "") + value_text(value[i], key);
    return out + "]";
  } else {
    static_assert(model::schema::Described<T>, "value_text: a model type without a text");
    std::string out = "{";
    bool first = true;
    auto member = [&](const char* name, const auto& m) {
      using M = std::remove_cvref_t<decltype(m)>;
      if constexpr (!std::is_same_v<M, model::Provenance>) {
        if (is_unset(m)) return;
        out += (first ? "" : ", ") + std::string(name) + ": ";
        if constexpr (is_optional<M>)
          out += value_text(*m, name);
        else
          out += value_text(m, name);
        first = false;
      }
    };
    model::schema::describe(member, value);
    return out + "}";
  }
}

}  // namespace roce::diff
