#pragma once
// Helpers shared by the checks: reading the DCB objects the way the kernel means them, evidence
// from model fields, and remediation command text. No I/O.
#include <optional>
#include <string>
#include <vector>

#include "engine/check.hpp"
#include "engine/context.hpp"
#include "model/dcb_text.hpp"
#include "model/host.hpp"

namespace roce::checks {

/// Evidence for a configuration field: name, printed value, the field's provenance.
template <class T>
engine::Evidence config(const std::string& name, const std::string& value, const model::Field<T>& from) {
  return engine::Evidence{name, value, std::nullopt, std::nullopt, false, from.from};
}

/// The priority the DCB APP table maps a DSCP value to, if it has an entry for it.
std::optional<int> dscp_priority(const std::vector<model::AppEntry>& app, int dscp);

/// The trust mode the NIC applies, from the first source that has it: vendor sysfs qos/trust,
/// the DCB apptrust table, or (mlx5, which has no apptrust) whether the APP table holds DSCP
/// entries. nullopt when none is available.
struct TrustState {
  profile::Trust trust;
  engine::Evidence evidence;
};
std::optional<TrustState> trust_of(const model::NetDev& nd);

/// mlx5 netdevs: PFC mask changes toggle the link.
bool is_mlx5(const engine::PortView& p);

/// The sum of a canonical counter's delta over priorities, and which priorities moved.
struct PrioDeltas {
  std::array<std::optional<engine::Rate>, model::kPriorities> rate;
  std::uint64_t total = 0;
};
PrioDeltas prio_deltas(const engine::Context& ctx, const engine::PortView& p, std::string_view what);

/// Where RDMA bytes went over the window: the vport RDMA byte counters against the per-priority
/// byte counters of the lossless priorities. nullopt without rates or without those counters.
struct RdmaPlacement {
  std::uint64_t rdma_bytes = 0;            // Δ(rx + tx) RDMA unicast bytes
  std::uint64_t lossless_bytes = 0;        // Δ(rx + tx) bytes on the profile's lossless priorities
  PrioDeltas rx, tx;                       // Δ bytes per priority
  std::vector<engine::Evidence> evidence;  // the RDMA counters and every priority that moved
  /// True when enough RDMA traffic moved and less than `min_share` of it fits on lossless priorities.
  bool off_lossless(double min_rdma_bytes, double min_share) const {
    return rdma_bytes >= min_rdma_bytes && lossless_bytes < min_share * static_cast<double>(rdma_bytes);
  }
  /// The priority that carried the most bytes.
  int busiest_priority() const;
};
std::optional<RdmaPlacement> rdma_placement(const engine::Context& ctx, const engine::PortView& p);

std::string bytes_text(double bytes);   // "156928 B (153.2 KiB)"
std::string percent_text(double frac);  // "37.5%"

}  // namespace roce::checks
