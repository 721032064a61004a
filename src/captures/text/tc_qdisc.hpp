#pragma once
// Parser of `tc -s qdisc show` (formats.md §5.3; iproute2 tc/tc_qdisc.c, q_red.c, q_ets.c,
// q_prio.c, q_mqprio.c print formats):
//   qdisc red 104: dev swp1 parent 10:4 offloaded limit 1000000b min 150000b max 1500000b ecn
//    Sent 4096 bytes 32 pkt (dropped 0, overlimits 0 requeues 0)
//    backlog 0b 0p requeues 0
//     marked 12 early 0 pdrop 0 other 0
//   qdisc ets 1: dev swp1 root refcnt 2 bands 8 strict 8 priomap 7 6 5 4 3 2 1 0 0 0 0 0 0 0 0 0
//   qdisc prio 8001: dev eth0 root refcnt 2 bands 3 priomap  1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1
//   qdisc mqprio 8002: dev eth1 root tc 8 map 0 1 2 3 4 5 6 7 0 0 0 0 0 0 0 0
// Sizes are read in both notations iproute2 has printed: plain bytes ("150000b") and the older
// binary units ("150Kb", "1.5Mb"; K = 1024). `probability P` (tc -d) becomes max_p = P * 2^32.
// Other qdisc kinds keep kind, handle, parent, offloaded and stats. One Field per netdev, located
// at its first qdisc line; a qdisc line that cannot be read makes that netdev's list missing(error)
// (an incomplete list would hide a RED). Indented lines other than the statistics (mqprio queues,
// fq_codel xstats) are known output and skipped. Conventions: parse_result.hpp.
#include <string>
#include <string_view>
#include <vector>

#include "captures/text/parse_result.hpp"
#include "model/qdisc.hpp"

namespace roce::captures::text {

struct NetdevQdiscs {
  std::string netdev;
  model::Field<std::vector<model::Qdisc>> qdiscs;
};

Expected<Parsed<std::vector<NetdevQdiscs>>> parse_tc_qdisc(std::string_view text, const TextOrigin& origin);

}  // namespace roce::captures::text
