#pragma once
// nlohmann::ordered_json keeps keys in the order written: struct members in model order and
// counters in the driver's order.
#include <nlohmann/json.hpp>

namespace roce::captures {
using Json = nlohmann::ordered_json;
}
