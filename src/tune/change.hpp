#pragma once
// What the tuner changes: one object of the host's lossless configuration (system/object.hpp),
// its value now and the value proposed. Plans (plan.hpp) are lists of Changes; a System
// (system/system.hpp) reads and writes objects whole, read-modify-write, like `dcb ... set`.
#include <string>
#include <vector>

#include "system/object.hpp"

namespace roce::tune {

/// One line of the diff a person reads: "pfc_en: 0x00 -> 0x08".
struct FieldChange {
  std::string field;     // "pfc_en", "buffer_size[0]", "dscp 26"
  std::string current;   // as text
  std::string proposed;  // as text
  std::string reason;    // why, citing the profile or the formula
  bool operator==(const FieldChange&) const = default;
};

struct Change {
  system::ObjectRef object;
  system::Value current;
  system::Value proposed;
  std::vector<FieldChange> fields;
  bool disruptive = false;            // e.g. mlx5 flaps the link when the PFC mask changes
  std::vector<std::string> commands;  // what a person could run instead (dcb/tc/ip/sysfs)
  bool operator==(const Change&) const = default;
};

}  // namespace roce::tune
