#pragma once
// Two samples of a host: the time between them and how far a counter moved, the one rule that
// check, diff, report and apply use for rates.
#include <cstdint>

#include "model/host.hpp"

namespace roce::model {

/// When a sample was taken (0: unknown), as Host keeps it.
struct SampleTime {
  std::int64_t time_unix_ms = 0;
  std::int64_t monotonic_ns = 0;
};
inline SampleTime time_of(const Host& h) { return {h.time_unix_ms, h.monotonic_ns}; }

enum class SampleClock { none, monotonic, wall };
/// The time from one sample to a later one, and the clock it was measured on.
struct SampleInterval {
  double seconds = 0;  // 0 with clock none
  SampleClock clock = SampleClock::none;
};
/// CLOCK_MONOTONIC when both samples have it and it moved forward, else the wall clock when both
/// have it and it moved forward, else none: samples out of order or without clocks give no rates.
SampleInterval interval_between(SampleTime before, SampleTime now);
inline SampleInterval interval_between(const Host& before, const Host& now) {
  return interval_between(time_of(before), time_of(now));
}
/// interval_between(before, now).seconds: 0 when the clocks do not put `now` after `before`.
double seconds_between(const Host& before, const Host& now);

/// How far a counter moved from one sample to the next. A counter that went backwards was reset
/// (driver reload, netdev re-created): it counted `now` since the reset, the least it moved.
struct CounterDelta {
  std::uint64_t delta = 0;
  bool reset = false;
};
constexpr CounterDelta counter_delta(std::uint64_t before, std::uint64_t now) {
  return now < before ? CounterDelta{now, true} : CounterDelta{now - before, false};
}

}  // namespace roce::model
