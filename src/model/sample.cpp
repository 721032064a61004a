// The time between two samples.
#include "model/sample.hpp"

namespace roce::model {

SampleInterval interval_between(SampleTime before, SampleTime now) {
  if (before.monotonic_ns > 0 && now.monotonic_ns > before.monotonic_ns)
    return {static_cast<double>(now.monotonic_ns - before.monotonic_ns) / 1e9, SampleClock::monotonic};
  if (before.time_unix_ms > 0 && now.time_unix_ms > before.time_unix_ms)
    return {static_cast<double>(now.time_unix_ms - before.time_unix_ms) / 1e3, SampleClock::wall};
  return {};
}

double seconds_between(const Host& before, const Host& now) {
  return interval_between(time_of(before), time_of(now)).seconds;
}

}  // namespace roce::model
