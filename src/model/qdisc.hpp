#pragma once
// tc qdiscs as rtnetlink reports them (linux/pkt_sched.h). RED carries the ECN thresholds on
// switchdev ports; ETS/PRIO/MQPRIO carry the priority maps.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace roce::model {

constexpr std::uint32_t kTcRoot = 0xffffffff;  // TC_H_ROOT: the parent of a root qdisc

struct RedParams {            // struct tc_red_qopt (+ TCA_RED_MAX_P, TCA_RED_FLAGS)
  std::uint32_t limit = 0;    // bytes
  std::uint32_t qth_min = 0;  // bytes
  std::uint32_t qth_max = 0;  // bytes
  std::uint8_t wlog = 0, plog = 0, scell_log = 0;
  std::uint8_t flags = 0;              // TC_RED_ECN 1, HARDDROP 2, ADAPTATIVE 4, NODROP 8
  std::optional<std::uint32_t> max_p;  // probability * 2^32
  bool ecn() const { return flags & 1; }
  bool operator==(const RedParams&) const = default;
};

struct RedXstats {  // struct tc_red_xstats
  std::uint32_t early = 0, pdrop = 0, other = 0, marked = 0;
  bool operator==(const RedXstats&) const = default;
};

struct QdiscStats {
  std::uint64_t bytes = 0, packets = 0;
  std::uint32_t drops = 0, overlimits = 0, qlen = 0, backlog = 0;
  bool operator==(const QdiscStats&) const = default;
};

struct Qdisc {
  std::string kind;  // "red", "ets", "prio", "mqprio", "mq", ...
  std::uint32_t handle = 0;
  std::uint32_t parent = 0;  // kTcRoot for the root qdisc
  bool offloaded = false;    // TCA_HW_OFFLOAD
  std::optional<RedParams> red;
  std::optional<RedXstats> red_xstats;
  // ETS/PRIO/MQPRIO: band count, strict bands (ETS), and priority -> band/TC map.
  std::optional<std::uint32_t> bands;
  std::optional<std::uint32_t> strict_bands;
  std::vector<std::uint32_t> quanta;  // ETS
  std::vector<std::uint8_t> priomap;
  std::optional<QdiscStats> stats;
  bool operator==(const Qdisc&) const = default;
};

/// True if any of the qdiscs is RED.
bool has_red(const std::vector<Qdisc>& qdiscs);

/// The queue that serves a priority: the RED qdisc on it, if any, and the class to attach one to.
struct PrioQueue {
  const Qdisc* red = nullptr;
  std::optional<std::uint32_t> parent;  // kTcRoot, or the class of the priority's band; nullopt: no ETS/PRIO root
};
/// Found through the root qdisc: a root RED covers every priority; under a root ETS/PRIO the
/// priomap names the band (sch_ets sends unmapped priorities to the last band), and band b is
/// class major:b+1.
PrioQueue queue_for_priority(const std::vector<Qdisc>& qdiscs, int prio);

}  // namespace roce::model
