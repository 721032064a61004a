#pragma once
// The RED idle-damping table (TCA_RED_STAB, 256 bytes) and the Scell_log that indexes it, computed
// the way tc(8) computes them for `tc qdisc ... red ... avpkt A bandwidth B` (tc_red_eval_idle_damping):
// after an idle time t the average queue decays as if t/xmit_time packets of size avpkt had been
// sent, avg *= (1-W)^(t/xmit_time); entry i holds that decay as a right shift for t = i << Scell_log
// ticks, capped at 31 (the kernel rejects entries >= 32). The kernel does not report the table, so
// a read-modify-write of a RED qdisc recomputes it.
#include <array>
#include <cstdint>
#include <vector>

#include "util/expected.hpp"

namespace roce::sources::writer {

struct RedIdleTable {
  std::uint8_t scell_log = 0;
  std::vector<std::uint8_t> stab;  // 256 entries
};

// psched ticks per microsecond as tc reads them from /proc/net/psched: every kernel since 2.6.31
// reports "000003e8 00000040 000f4240 ..." (a 64 ns tick), which tc turns into 1000/64.
constexpr double kPschedTicksPerUsec = 1000.0 / 64.0;

// wlog: EWMA weight log (1..31); avpkt: bytes; rate: bytes per second (tc's "bandwidth").
// Fails when no Scell_log below 32 fits the decay in the table (as tc does) or on zero input.
Expected<RedIdleTable> red_idle_table(std::uint8_t wlog, std::uint32_t avpkt, std::uint64_t rate_bytes_per_s,
                                      double ticks_per_usec = kPschedTicksPerUsec);

}  // namespace roce::sources::writer
