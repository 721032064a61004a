// The time between two samples and a counter's change across them, shared by check, diff and report.
#include <catch2/catch.hpp>

#include "model/sample.hpp"

namespace roce::test {

using namespace roce::model;

TEST_CASE("the monotonic clock gives the interval when both samples have it") {
  const SampleInterval dt = interval_between({1000, 5'000'000'000}, {61000, 65'500'000'000});
  CHECK(dt.clock == SampleClock::monotonic);
  CHECK(dt.seconds == Approx(60.5));
}

TEST_CASE("without a monotonic clock the wall clock gives the interval") {
  const SampleInterval dt = interval_between({1000, 0}, {61000, 0});
  CHECK(dt.clock == SampleClock::wall);
  CHECK(dt.seconds == Approx(60.0));
  CHECK(interval_between({1000, 0}, {61000, 7}).clock == SampleClock::wall);
}

TEST_CASE("samples out of order or without clocks give no interval") {
  CHECK(interval_between({61000, 0}, {1000, 0}).clock == SampleClock::none);
  CHECK(interval_between({0, 0}, {61000, 0}).seconds == 0);  // the first sample's time is unknown
  Host a, b;
  a.time_unix_ms = 1000;
  b.time_unix_ms = 1000;
  CHECK(seconds_between(a, b) == 0);
  b.time_unix_ms = 3500;
  CHECK(seconds_between(a, b) == Approx(2.5));
}

TEST_CASE("a counter that went backwards was reset and counted from zero since") {
  CHECK(counter_delta(100, 250).delta == 150);
  CHECK_FALSE(counter_delta(100, 250).reset);
  CHECK(counter_delta(5000, 120).delta == 120);
  CHECK(counter_delta(5000, 120).reset);
  CHECK(counter_delta(7, 7).delta == 0);
}

}  // namespace roce::test
