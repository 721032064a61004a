#pragma once
// What the walks over a host's bundle JSON share: which members are counters, how array elements
// are matched (their identity), and the subjects (netdevs, RDMA devices, "host").
#include <optional>
#include <string>
#include <string_view>

#include "captures/json_types.hpp"

namespace roce::diff {

using captures::Json;

// Members that hold counters (compared as deltas, never as configuration): netdev link stats,
// ethtool -S, IB PMA counters and hw_counters, carrier changes, PFC/pause frame counts, qdisc
// stats. Anything else, including members added to the model later, is configuration.
bool is_counter_member(std::string_view key);

// Host members that describe the sample, not the host: the clocks, provenance and collection notes.
bool is_sample_member(std::string_view key);

// A model::Field in JSON: {"value": ..., "availability": ..., "cause": ..., "from": ...}.
bool is_field(const Json& j);

// The identity of an array element by which two arrays are matched: netdevs and RDMA devices by
// name, ports by number, GIDs by index, qdiscs by parent and handle. nullopt: not identifiable.
std::optional<std::string> element_identity(const Json& element);

// "ports[1]" from "ports" and "1"; paths join with '.'.
std::string join_path(const std::string& path, std::string_view key);

}  // namespace roce::diff
