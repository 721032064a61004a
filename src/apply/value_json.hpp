#pragma once
// ObjectRef and Value <-> JSON, for the journal. Every Value alternative has a tag ("u32",
// "string", "bytes", "app", "pfc", "ets", "buffer", "ecn", "red") so a journal read back gives the
// same alternative; decoding rejects anything else with the JSON path that is wrong.
#include <string>

#include <nlohmann/json.hpp>

#include "system/object.hpp"
#include "util/expected.hpp"

namespace roce::apply {

const char* knob_name(system::Knob knob);  // "dcb_pfc"
Expected<system::Knob> knob_from_name(const std::string& name);

nlohmann::json object_to_json(const system::ObjectRef& object);
Expected<system::ObjectRef> object_from_json(const nlohmann::json& j, const std::string& where);

nlohmann::json value_to_json(const system::Value& value);
Expected<system::Value> value_from_json(const nlohmann::json& j, const std::string& where);

/// "ens1f0np0 dcb_pfc", "ens1f0np0 nic_ecn 3": how logs and messages name an object.
std::string describe(const system::ObjectRef& object);
/// A value on one line, for logs: the JSON text without the tag.
std::string describe(const system::Value& value);

/// True when the two values agree on what the knob writes: PFC counters, capabilities and
/// driver-derived totals are not part of the setting, and the APP table is a set.
bool same_setting(system::Knob knob, const system::Value& a, const system::Value& b);

}  // namespace roce::apply
