#pragma once
// Pure decoder for RTM_NEWQDISC messages of an RTM_GETQDISC dump, as tc_fill_qdisc() emits them
// (linux/pkt_sched.h, gen_stats.h): tcmsg, TCA_KIND, TCA_OPTIONS (shape depends on the kind),
// TCA_HW_OFFLOAD, TCA_STATS2 {TCA_STATS_APP, TCA_STATS_BASIC, TCA_STATS_QUEUE}, then the
// compatibility copies TCA_STATS and TCA_XSTATS.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "model/qdisc.hpp"
#include "util/bytes.hpp"
#include "util/expected.hpp"

namespace roce::sources::rtnl {

struct QdiscEntry {
  std::uint32_t ifindex = 0;
  model::Qdisc qdisc;
};

// Options decoded by kind: red (TCA_RED_PARMS, TCA_RED_MAX_P, TCA_RED_FLAGS, xstats), ets
// (TCA_ETS_NBANDS/NSTRICT/QUANTA/PRIOMAP; quanta are those of the non-strict bands, in band order),
// prio and pfifo_fast (struct tc_prio_qopt), mqprio (struct tc_mqprio_qopt leading TCA_OPTIONS;
// bands = num_tc, priomap = prio_tc_map). Other kinds keep kind, handle, parent, offload, stats.
// A malformed attribute fails naming it ("red: TCA_RED_PARMS: 12 bytes, expected 16").
Expected<QdiscEntry> decode_qdisc_message(ByteView msg);

// The interface index of an RTM_NEWQDISC message, if its header is readable (to place an error).
std::optional<std::uint32_t> qdisc_message_ifindex(ByteView msg);

// Places the qdiscs of one RTM_GETQDISC dump on the netdevs, by ifindex, in dump order. A device
// with none gets an empty list (a real answer); a device one of whose messages does not decode
// gets an error naming the attribute. Messages for unknown devices are ignored.
void assign_qdiscs(std::vector<model::NetDev>& netdevs, const std::vector<ByteBuffer>& messages);

}  // namespace roce::sources::rtnl
