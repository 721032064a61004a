#pragma once
// What the walks over two hosts share: the roles of members (counters, the sample's own data), the
// identity by which array elements are matched, members in pairs (schema.hpp's list), and paths.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "model/field.hpp"
#include "model/host.hpp"
#include "model/schema.hpp"

namespace roce::diff {

/// Members that hold counters (compared as deltas, never as configuration): netdev link stats,
/// ethtool -S, IB PMA counters and hw_counters, carrier changes, PFC/pause frame counts, qdisc
/// stats. Anything else, including members added to the model later, is configuration.
bool is_counter_member(std::string_view key);

/// Host members that describe the sample, not the host: the clocks, provenance and collection notes.
bool is_sample_member(std::string_view key);

/// "dcb.pfc" from "dcb" and "pfc"; "pfc" from "" and "pfc".
std::string join_path(const std::string& path, std::string_view key);

/// The identity by which two arrays' elements are matched: netdevs and RDMA devices by name,
/// ports by number, GIDs by index, qdiscs by parent and handle ("parent root handle 1:").
std::string identity(const model::NetDev& netdev);
std::string identity(const model::RdmaDevice& device);
std::string identity(const model::RdmaPort& port);
std::string identity(const model::Gid& gid);
std::string identity(const model::Qdisc& qdisc);

/// Elements that have an identity(); other arrays are compared element by element or whole.
template <class T>
concept Identified = requires(const T& t) {
  identity(t);
};

template <class T>
constexpr bool is_field = false;
template <class T>
constexpr bool is_field<model::Field<T>> = true;
template <class T>
constexpr bool is_optional = false;
template <class T>
constexpr bool is_optional<std::optional<T>> = true;
template <class T>
constexpr bool is_sequence = false;
template <class T>
constexpr bool is_sequence<std::vector<T>> = true;
template <class T, std::size_t N>
constexpr bool is_sequence<std::array<T, N>> = true;

/// A member that holds nothing: a Field never read (absent, with no cause and no provenance) or an
/// empty optional. The walks pass over it as if the member did not exist.
template <class M>
bool is_unset(const M& m) {
  if constexpr (is_field<M>)
    return !m.value && m.availability == model::Availability::absent && m.cause.empty() && m.from.source.empty() &&
           m.from.locator.empty();
  else if constexpr (is_optional<M>)
    return !m;
  else
    return false;
}

/// f(name, member of a, same member of b) for every member of a model struct, in schema order.
template <class T, class F>
void for_each_member_pair(const T& a, const T& b, F&& f) {
  std::vector<const void*> theirs;
  auto collect = [&](const char*, const auto& member) { theirs.push_back(&member); };
  model::schema::describe(collect, b);
  std::size_t next = 0;
  auto pair = [&](const char* name, const auto& mine) {
    using M = std::remove_cvref_t<decltype(mine)>;
    f(name, mine, *static_cast<const M*>(theirs[next++]));
  };
  model::schema::describe(pair, a);
}

}  // namespace roce::diff
