// ECN threshold table (src/physics/ecn_thresholds.hpp) against the anchors of research/formats.md §6.
#include <catch2/catch.hpp>

#include "physics/ecn_thresholds.hpp"

namespace roce::test {

using namespace roce::physics;

TEST_CASE("ECN thresholds at 100G are NVIDIA's 150 KB / 1500 KB with SONiC's 5 %") {
  const auto t = ecn_thresholds(100000);
  CHECK(t.min == 150000);
  CHECK(t.max == 1500000);
  CHECK(t.limit == 3000000);
  CHECK(t.probability == Approx(0.05));
  CHECK(ecn_thresholds(std::nullopt) == t);  // unknown speed: the 100G anchor
}

TEST_CASE("ECN thresholds scale with the link speed (same queueing time) and keep the DCQCN Kmin floor") {
  struct Row {
    std::uint32_t speed, min, max;
  };
  for (const auto& r : {Row{400000, 600000, 6000000}, Row{200000, 300000, 3000000}, Row{25000, 37500, 375000},
                        Row{10000, 15000, 150000}, Row{1000, kEcnMinFloorBytes, 15000}}) {
    INFO(r.speed << " Mb/s");
    const auto t = ecn_thresholds(r.speed);
    CHECK(t.min == r.min);
    CHECK(t.max == r.max);
    CHECK(t.limit == 2 * r.max);
  }
}

TEST_CASE("ECN thresholds are capped by a small buffer, min at a tenth of max, never under 5 KB") {
  auto t = ecn_thresholds(100000, 800000u);
  CHECK(t.max == 800000);
  CHECK(t.min == 80000);
  t = ecn_thresholds(100000, 20000u);
  CHECK(t.max == 20000);
  CHECK(t.min == kEcnMinFloorBytes);
  t = ecn_thresholds(100000, 4000u);  // smaller than the floor: max stays above min
  CHECK(t.min == kEcnMinFloorBytes);
  CHECK(t.max > t.min);
  CHECK(ecn_thresholds(100000, 5000000u) == ecn_thresholds(100000));  // a big buffer changes nothing
}

TEST_CASE("ECN thresholds sit inside ECN-RED's bounds at every common speed") {
  for (std::uint32_t speed : {10000u, 25000u, 40000u, 50000u, 100000u, 200000u, 400000u, 800000u}) {
    INFO(speed << " Mb/s");
    const auto t = ecn_thresholds(speed);
    const double bytes_per_us = speed / 8.0;
    CHECK(t.min >= 5000);
    CHECK(t.min <= std::max(double(kSonicWredMinBytes), 100 * bytes_per_us));
    CHECK(t.max > t.min);
    CHECK(t.max <= std::max(double(kSonicWredMaxBytes), 200 * bytes_per_us));
    CHECK(t.probability >= 0.01);
  }
  CHECK(kSonicWredMinBytes == 1048576);
  CHECK(kSonicWredMaxBytes == 2097152);
}

TEST_CASE("RED max_p is probability * 2^32, saturated") {
  CHECK(red_max_p(0.05) == 214748365u);
  CHECK(red_max_p(0.01) == 42949673u);
  CHECK(red_max_p(1.0) == 0xffffffffu);
  CHECK(red_max_p(0) == 0);
  CHECK(red_max_p(-1) == 0);
}

}  // namespace roce::test
