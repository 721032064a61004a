#include "sources/writer/red_stab.hpp"

#include <cmath>
#include <string>

namespace roce::sources::writer {

Expected<RedIdleTable> red_idle_table(std::uint8_t wlog, std::uint32_t avpkt, std::uint64_t rate_bytes_per_s,
                                      double ticks_per_usec) {
  if (wlog == 0 || wlog >= 32 || avpkt == 0 || rate_bytes_per_s == 0)
    return fail("RED idle table: wlog " + std::to_string(wlog) + ", avpkt " + std::to_string(avpkt) + ", rate " +
                std::to_string(rate_bytes_per_s) + " B/s: need 1 <= wlog < 32 and non-zero avpkt and rate");
  // Time to send one avpkt at `rate`, in psched ticks.
  const double xmit_ticks = 1e6 * static_cast<double>(avpkt) / static_cast<double>(rate_bytes_per_s) * ticks_per_usec;
  const double decay_per_tick = -std::log(1.0 - 1.0 / static_cast<double>(1u << wlog)) / xmit_ticks;
  const double ticks_to_shift_31 = 31.0 / decay_per_tick;
  int cell_log = 0;
  while (cell_log < 32 && ticks_to_shift_31 / std::ldexp(1.0, cell_log) >= 512) ++cell_log;
  if (cell_log >= 32) return fail("RED idle table: no Scell_log below 32 covers the idle decay");

  RedIdleTable t;
  t.scell_log = static_cast<std::uint8_t>(cell_log);
  t.stab.assign(256, 31);
  t.stab[0] = 0;
  for (int i = 1; i < 255; ++i) {
    const double shift = std::ldexp(static_cast<double>(i), cell_log) * decay_per_tick;
    t.stab[static_cast<std::size_t>(i)] = shift > 31 ? 31 : static_cast<std::uint8_t>(shift);
  }
  return t;
}

}  // namespace roce::sources::writer
