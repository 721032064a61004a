#pragma once
// The tuner's plan: what to change on a host so that it matches a profile, computed from a Host
// sample alone (pure; no I/O). Every change is justified by data the host reported: a field that
// is missing (unsupported, denied, absent, error) is never read as zero, it becomes a note.
//
// Scope, per RoCE port (the ports `check` judges, plus switch ports with RED qdiscs):
//   trust (vendor sysfs qos/trust, else dcb apptrust; mlx5 without either follows its DSCP APP
//   entries), the DSCP map (dcb app: only the profile's DSCP entries are added/removed), the PFC
//   mask and, on mlx5, the cable length (PFC delay), prio2buffer and buffer sizes, NIC ECN
//   enables, RED ECN thresholds on switch ports, and the netdev MTU.
//
// Changes are listed per netdev in the order they can be applied safely on mlx5: trust, APP,
// buffers (sized for the final MTU, cable and PFC mask), PFC (a newly lossless buffer already has
// its headroom), MTU (mlx5 re-checks the lossless buffers against the new MTU), NIC ECN, RED. Applying every change of
// a plan (apply_change.hpp) and planning again gives an empty plan.
//
// A RED change whose queue has no RED qdisc yet has `current` = RedParams{} (all zero, limit 0)
// and a field change "qdisc: (none) -> red"; the writer creates it (`tc qdisc replace`).
#include <string>
#include <vector>

#include "model/host.hpp"
#include "profile/profile.hpp"
#include "tune/change.hpp"

namespace roce::tune {

struct PlanOptions {
  std::string dev;  // only this netdev (empty: every RoCE port of the host)
};

/// Something the plan could not decide from the data, e.g.
/// "ens1f0np0 dcb buffer: unsupported by bnxt_en; cannot size buffers".
struct PlanNote {
  std::string subject;  // "ens1f0np0 dcb buffer"
  std::string message;  // "unsupported by bnxt_en; cannot size buffers"
  std::string text() const { return subject + ": " + message; }
  bool operator==(const PlanNote&) const = default;
};

struct Plan {
  std::string hostname;
  std::vector<Change> changes;
  std::vector<PlanNote> notes;
  std::vector<std::string> ports;  // the netdevs planned for; none: nothing could be judged
  bool empty() const { return changes.empty(); }
  bool disruptive() const {
    for (const auto& c : changes)
      if (c.disruptive) return true;
    return false;
  }
  bool operator==(const Plan&) const = default;
};

Plan make_plan(const model::Host& host, const profile::Profile& profile, const PlanOptions& options = {});

}  // namespace roce::tune
